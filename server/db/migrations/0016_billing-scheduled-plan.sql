ALTER TABLE "billing_accounts" ADD COLUMN "scheduled_plan" text;--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD COLUMN "scheduled_plan_at" timestamp with time zone;