CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"form_id" text NOT NULL,
	"form_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unlocked_at" timestamp with time zone,
	"last_code_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "event" text DEFAULT 'signup' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "method" text;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "agreed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "form_version" integer;--> statement-breakpoint
ALTER TABLE "lead_consents" ADD COLUMN "shown" jsonb;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "submission_id" uuid;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "submissions_lead_idx" ON "submissions" USING btree ("lead_id");--> statement-breakpoint
ALTER TABLE "lead_consents" ADD CONSTRAINT "lead_consents_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_submission_idx" ON "payments" USING btree ("submission_id");