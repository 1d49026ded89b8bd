CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workspace_usage_notices" (
	"workspace_id" text NOT NULL,
	"month" date NOT NULL,
	"threshold" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workspace_usage_notices_workspace_id_month_threshold_pk" PRIMARY KEY("workspace_id","month","threshold")
);
--> statement-breakpoint
ALTER TABLE "workspace_usage_notices" ADD CONSTRAINT "workspace_usage_notices_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_workspace_verified_idx" ON "leads" USING btree ("workspace_id","verified_at") WHERE "leads"."status" = 'verified';