CREATE TABLE "storefront_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"integration_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"variant_id" text,
	"sku" text,
	"name" text NOT NULL,
	"stripe_product_id" text,
	"stripe_price_id" text,
	"published_price_minor" integer,
	"currency" text,
	"stock_state" text DEFAULT 'in_stock' NOT NULL,
	"publish_error" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "storefront_listings_product_key" UNIQUE NULLS NOT DISTINCT("merchant_id","integration_id","product_id","variant_id")
);
--> statement-breakpoint
ALTER TABLE "storefront_listings" ADD CONSTRAINT "storefront_listings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storefront_listings" ADD CONSTRAINT "storefront_listings_integration_id_merchant_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."merchant_integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storefront_listings_price_idx" ON "storefront_listings" USING btree ("merchant_id","stripe_price_id");