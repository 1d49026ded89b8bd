CREATE TABLE "connected_accounts" (
	"workspace_id" text NOT NULL,
	"provider" text NOT NULL,
	"account_id" text NOT NULL,
	"charges_enabled" boolean DEFAULT false NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"display" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connected_accounts_workspace_id_provider_pk" PRIMARY KEY("workspace_id","provider")
);
--> statement-breakpoint
CREATE TABLE "stamp_failures" (
	"form_id" text NOT NULL,
	"file_key" text NOT NULL,
	"reason" text NOT NULL,
	"notified_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stamp_failures_form_id_file_key_pk" PRIMARY KEY("form_id","file_key")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "account_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "order_number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "payments_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "net_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "tax_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "fee_amount" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "downloads_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "download_link_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "download_link_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "receipt_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD CONSTRAINT "connected_accounts_workspace_id_organizations_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stamp_failures" ADD CONSTRAINT "stamp_failures_form_id_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connected_accounts_account_idx" ON "connected_accounts" USING btree ("provider","account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_order_number_idx" ON "payments" USING btree ("order_number");