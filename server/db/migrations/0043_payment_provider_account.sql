ALTER TABLE "payments" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
-- Backfill where the account is knowable (ADR 059): a Stripe payment created after the merchant's current
-- Stripe connection was made (last_verified_at moves only when an account is connected) was charged on
-- that account. Older payments stay unknown (null): they may have been taken by an account since replaced.
UPDATE "payments" AS p
SET "provider_account_id" = pc."account_id"
FROM "payment_connections" AS pc
WHERE p."provider" = 'stripe'
  AND p."provider_invoice_id" IS NOT NULL
  AND pc."merchant_id" = p."merchant_id"
  AND pc."provider" = 'stripe'
  AND pc."account_id" IS NOT NULL
  AND pc."last_verified_at" IS NOT NULL
  AND p."created_at" >= pc."last_verified_at";
