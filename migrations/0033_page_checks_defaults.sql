ALTER TABLE "organizations" ADD COLUMN "page_address_checks" jsonb;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "page_captcha" text;