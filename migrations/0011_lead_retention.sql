ALTER TABLE "organizations" ADD COLUMN "pending_lead_retention_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "lead_retention_days" integer;