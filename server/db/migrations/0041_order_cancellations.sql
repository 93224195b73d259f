ALTER TABLE "merchants" ADD COLUMN "store_cancellation_policy" text DEFAULT 'flag' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_cancellation" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_cancel_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_cancel_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_cancel_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_cancel_claimed_by" uuid;