CREATE TABLE "form_ab_views" (
	"form_id" text NOT NULL,
	"test_started_at" timestamp with time zone NOT NULL,
	"variant" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_ab_views_form_id_test_started_at_variant_pk" PRIMARY KEY("form_id","test_started_at","variant")
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "ab_test_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ab_variant" text;--> statement-breakpoint
ALTER TABLE "form_ab_views" ADD CONSTRAINT "form_ab_views_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_form_ab_variant_idx" ON "leads" USING btree ("form_id","ab_variant","created_at") WHERE "leads"."ab_variant" is not null;