ALTER TABLE "checkouts" ADD COLUMN "platform_fee_minor" bigint;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "platform_fee_plan" text;--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD COLUMN "overage_invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD COLUMN "fee_held_reason" text;--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD COLUMN "overage_held_reason" text;--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD CONSTRAINT "billing_order_charges_fee_held_reason_check" CHECK ("billing_order_charges"."fee_held_reason" IS NULL OR "billing_order_charges"."fee_held_reason" IN ('currency'));--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD CONSTRAINT "billing_order_charges_overage_held_reason_check" CHECK ("billing_order_charges"."overage_held_reason" IS NULL OR "billing_order_charges"."overage_held_reason" IN ('currency'));