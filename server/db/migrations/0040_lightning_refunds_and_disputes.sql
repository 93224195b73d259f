ALTER TABLE "payments" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "amount_sats" bigint;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "payment_request" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "settled_outside" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_payment_request_idx" ON "refunds" USING btree ("payment_request") WHERE "refunds"."payment_request" IS NOT NULL;