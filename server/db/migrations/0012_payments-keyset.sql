DROP INDEX "payments_merchant_idx";--> statement-breakpoint
CREATE INDEX "payments_merchant_idx" ON "payments" USING btree ("merchant_id","created_at","id");