-- Indexes for the dashboard at scale (decision 0028). IF [NOT] EXISTS so that, on a large leads table,
-- they can be built beforehand with CREATE INDEX CONCURRENTLY (same names) and this migration skips them.
CREATE TABLE "form_lead_counts" (
	"form_id" text NOT NULL,
	"month" date NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_lead_counts_form_id_month_pk" PRIMARY KEY("form_id","month")
);
--> statement-breakpoint
CREATE TABLE "form_stat_totals" (
	"form_id" text PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"confirmations" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX IF EXISTS "leads_workspace_created_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "leads_form_created_idx";--> statement-breakpoint
ALTER TABLE "form_lead_counts" ADD CONSTRAINT "form_lead_counts_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_stat_totals" ADD CONSTRAINT "form_stat_totals_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_workspace_created_id_idx" ON "leads" USING btree ("workspace_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_form_created_id_idx" ON "leads" USING btree ("form_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_workspace_status_created_idx" ON "leads" USING btree ("workspace_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_workspace_payment_created_idx" ON "leads" USING btree ("workspace_id","payment_state","created_at","id") WHERE "leads"."payment_state" <> 'none';--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_workspace_utm_source_created_idx" ON "leads" USING btree ("workspace_id","utm_source","created_at","id") WHERE "leads"."utm_source" is not null;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "leads_search_trgm_idx" ON "leads" USING gin (lead_search_text("email", "data") gin_trgm_ops);