CREATE TABLE "sending_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"domain" text NOT NULL,
	"local_part" text DEFAULT 'hello' NOT NULL,
	"selector" text NOT NULL,
	"public_key" text NOT NULL,
	"private_key_sealed" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"last_dkim" text,
	"last_spf" text,
	"last_spf_found" text,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sending_domains" ADD CONSTRAINT "sending_domains_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sending_domains_workspace_idx" ON "sending_domains" USING btree ("workspace_id");--> statement-breakpoint
CREATE INDEX "sending_domains_status_idx" ON "sending_domains" USING btree ("status");