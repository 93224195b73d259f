-- A storefront sale names only its Stripe account and price: both find their merchant by an index.
DROP INDEX "storefront_listings_price_idx";--> statement-breakpoint
CREATE INDEX "merchants_stripe_account_idx" ON "merchants" USING btree ("stripe_account_id","created_at");--> statement-breakpoint
CREATE INDEX "storefront_listings_price_idx" ON "storefront_listings" USING btree ("stripe_price_id");