ALTER TABLE "payment_connections" ADD COLUMN "webhook_endpoint_id" text;--> statement-breakpoint
ALTER TABLE "payment_connections" ADD COLUMN "webhook_secret_encrypted" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_status" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_amount_minor" bigint;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_closed_at" timestamp with time zone;