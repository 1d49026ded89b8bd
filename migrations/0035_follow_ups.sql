CREATE TABLE "email_suppressions" (
	"workspace_id" text NOT NULL,
	"email_hash" text NOT NULL,
	"reason" text NOT NULL,
	"form_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_workspace_id_email_hash_pk" PRIMARY KEY("workspace_id","email_hash")
);
--> statement-breakpoint
CREATE TABLE "follow_up_leads" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"form_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"next_due_at" timestamp with time zone,
	"stopped_at" timestamp with time zone,
	"stopped_because" text
);
--> statement-breakpoint
CREATE TABLE "follow_up_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"workspace_id" text NOT NULL,
	"form_id" text NOT NULL,
	"step_id" text NOT NULL,
	"position" integer NOT NULL,
	"subject" text NOT NULL,
	"message_id" text NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_suppressions" ADD CONSTRAINT "email_suppressions_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_leads" ADD CONSTRAINT "follow_up_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_leads" ADD CONSTRAINT "follow_up_leads_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_leads" ADD CONSTRAINT "follow_up_leads_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_sends" ADD CONSTRAINT "follow_up_sends_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_sends" ADD CONSTRAINT "follow_up_sends_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_up_sends" ADD CONSTRAINT "follow_up_sends_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_suppressions_form_idx" ON "email_suppressions" USING btree ("form_id");--> statement-breakpoint
CREATE INDEX "follow_up_leads_due_idx" ON "follow_up_leads" USING btree ("next_due_at") WHERE "follow_up_leads"."next_due_at" is not null;--> statement-breakpoint
CREATE INDEX "follow_up_leads_form_idx" ON "follow_up_leads" USING btree ("form_id");--> statement-breakpoint
CREATE UNIQUE INDEX "follow_up_sends_lead_step_idx" ON "follow_up_sends" USING btree ("lead_id","step_id");--> statement-breakpoint
CREATE INDEX "follow_up_sends_form_idx" ON "follow_up_sends" USING btree ("form_id","queued_at");