CREATE TABLE "email_deliveries" (
	"message_id" text PRIMARY KEY NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_workers" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"lock_key" bigint NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dev_mail" ADD COLUMN "mail_from" text;--> statement-breakpoint
ALTER TABLE "dev_mail" ADD COLUMN "reply_to" text;--> statement-breakpoint
CREATE INDEX "email_deliveries_sent_at_idx" ON "email_deliveries" USING btree ("sent_at");