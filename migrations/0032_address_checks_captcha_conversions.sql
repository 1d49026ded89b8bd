CREATE TABLE "conversion_accounts" (
	"workspace_id" text NOT NULL,
	"destination" text NOT NULL,
	"sealed" text NOT NULL,
	"display" jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversion_accounts_workspace_id_destination_pk" PRIMARY KEY("workspace_id","destination")
);
--> statement-breakpoint
CREATE TABLE "conversion_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" text NOT NULL,
	"form_id" text NOT NULL,
	"lead_id" uuid NOT NULL,
	"destination" text NOT NULL,
	"event" text NOT NULL,
	"event_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"body" jsonb NOT NULL,
	"response_status" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_accounts" (
	"workspace_id" text NOT NULL,
	"provider" text NOT NULL,
	"site_key" text NOT NULL,
	"sealed" text NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captcha_accounts_workspace_id_provider_pk" PRIMARY KEY("workspace_id","provider")
);
--> statement-breakpoint
CREATE TABLE "captcha_tokens_used" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "marketing" jsonb;--> statement-breakpoint
ALTER TABLE "conversion_accounts" ADD CONSTRAINT "conversion_accounts_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_sends" ADD CONSTRAINT "conversion_sends_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_sends" ADD CONSTRAINT "conversion_sends_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversion_sends" ADD CONSTRAINT "conversion_sends_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captcha_accounts" ADD CONSTRAINT "captcha_accounts_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_sends_once_idx" ON "conversion_sends" USING btree ("workspace_id","destination","event","event_id");--> statement-breakpoint
CREATE INDEX "conversion_sends_form_idx" ON "conversion_sends" USING btree ("form_id","destination","status");--> statement-breakpoint
CREATE INDEX "conversion_sends_lead_idx" ON "conversion_sends" USING btree ("lead_id");