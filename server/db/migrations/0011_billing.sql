CREATE TABLE "billing_accounts" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"stripe_customer_id" text,
	"currency" text,
	"contract_plan" text,
	"stripe_subscription_id" text,
	"subscription_status" text,
	"subscription_plan" text,
	"subscription_price_id" text,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"subscription_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_accounts_stripe_customer_id_unique" UNIQUE("stripe_customer_id"),
	CONSTRAINT "billing_accounts_contract_plan_check" CHECK ("billing_accounts"."contract_plan" IN ('enterprise'))
);
--> statement-breakpoint
CREATE TABLE "billing_invoice_items" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"stripe_invoice_item_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoice_items_merchant_id_month_kind_currency_pk" PRIMARY KEY("merchant_id","month","kind","currency")
);
--> statement-breakpoint
CREATE TABLE "billing_order_charges" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"order_number_in_month" integer NOT NULL,
	"plan_id" text NOT NULL,
	"order_total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"fee_minor" bigint NOT NULL,
	"fee_collection" text NOT NULL,
	"overage_minor" bigint DEFAULT 0 NOT NULL,
	"overage_currency" text,
	"overage_collection" text,
	"meter_reported_at" timestamp with time zone,
	"invoiced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_order_charges_fee_collection_check" CHECK ("billing_order_charges"."fee_collection" IN ('application_fee', 'invoice')),
	CONSTRAINT "billing_order_charges_overage_collection_check" CHECK ("billing_order_charges"."overage_collection" IS NULL OR "billing_order_charges"."overage_collection" IN ('meter', 'invoice'))
);
--> statement-breakpoint
CREATE TABLE "billing_usage_months" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "billing_usage_months_merchant_id_month_pk" PRIMARY KEY("merchant_id","month")
);
--> statement-breakpoint
CREATE TABLE "billing_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "billing_accounts" ADD CONSTRAINT "billing_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_invoice_items" ADD CONSTRAINT "billing_invoice_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD CONSTRAINT "billing_order_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_order_charges" ADD CONSTRAINT "billing_order_charges_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "billing_usage_months" ADD CONSTRAINT "billing_usage_months_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_accounts_subscription_idx" ON "billing_accounts" USING btree ("stripe_subscription_id");--> statement-breakpoint
CREATE INDEX "billing_order_charges_month_idx" ON "billing_order_charges" USING btree ("merchant_id","month");