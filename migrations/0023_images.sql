CREATE TABLE "images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"widths" integer[] NOT NULL,
	"size" integer NOT NULL,
	"stored_size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_workspace_idx" ON "images" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "images_created_idx" ON "images" USING btree ("created_at");