CREATE TABLE "custom_domains" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"hostname" text NOT NULL,
	"verification_token" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"home_form_id" text,
	"last_txt" text,
	"last_cname" text,
	"last_checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "forms" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_domains" ADD CONSTRAINT "custom_domains_home_form_id_forms_id_fk" FOREIGN KEY ("home_form_id") REFERENCES "public"."forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_workspace_hostname_idx" ON "custom_domains" USING btree ("workspace_id","hostname");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_domains_serving_hostname_idx" ON "custom_domains" USING btree ("hostname") WHERE "custom_domains"."status" in ('verified', 'failing');--> statement-breakpoint
CREATE INDEX "custom_domains_status_idx" ON "custom_domains" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "forms_workspace_slug_idx" ON "forms" USING btree ("workspace_id","slug") WHERE "forms"."slug" is not null and "forms"."deleted_at" is null;--> statement-breakpoint
-- Every server keeps the serving custom domains (hostname, workspace, home page) and the slugs of
-- their workspaces' pages in memory (docs/decisions/0055). Whatever changes them, from whichever
-- writer, tells every server on channel lodestone_domains, which reloads the map.
CREATE OR REPLACE FUNCTION lodestone_domains_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lodestone_domains', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER custom_domains_change_notify
  AFTER INSERT OR DELETE OR UPDATE OF hostname, status, home_form_id, workspace_id ON custom_domains
  FOR EACH STATEMENT EXECUTE FUNCTION lodestone_domains_notify();
--> statement-breakpoint
CREATE TRIGGER forms_slug_change_notify
  AFTER UPDATE OF slug, deleted_at ON forms
  FOR EACH ROW WHEN (OLD.slug IS NOT NULL OR NEW.slug IS NOT NULL)
  EXECUTE FUNCTION lodestone_domains_notify();
--> statement-breakpoint
CREATE TRIGGER forms_slug_delete_notify
  AFTER DELETE ON forms
  FOR EACH ROW WHEN (OLD.slug IS NOT NULL)
  EXECUTE FUNCTION lodestone_domains_notify();
