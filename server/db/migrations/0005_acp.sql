CREATE TABLE "acp_agent_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"agent_name" text DEFAULT 'AI agent' NOT NULL,
	"webhook_url" text,
	"signing_secret_sealed" text,
	"signature_policy" text DEFAULT 'off' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acp_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"api_version" text NOT NULL,
	"status" text NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"item_issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"buyer" jsonb,
	"fulfillment" jsonb,
	"selected_option_id" text,
	"offer_id" text,
	"checkout_id" text,
	"order_id" uuid,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acp_webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"event_type" text NOT NULL,
	"order_status" text NOT NULL,
	"api_version" text NOT NULL,
	"url" text NOT NULL,
	"payload" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_response_status" integer,
	"last_response_body" text,
	"last_error" text,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "acp_agent_settings" ADD CONSTRAINT "acp_agent_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_sessions" ADD CONSTRAINT "acp_sessions_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_sessions" ADD CONSTRAINT "acp_sessions_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_sessions" ADD CONSTRAINT "acp_sessions_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_sessions" ADD CONSTRAINT "acp_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_webhook_deliveries" ADD CONSTRAINT "acp_webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "acp_webhook_deliveries" ADD CONSTRAINT "acp_webhook_deliveries_session_id_acp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."acp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acp_sessions_merchant_idx" ON "acp_sessions" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "acp_sessions_checkout_idx" ON "acp_sessions" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "acp_sessions_order_idx" ON "acp_sessions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "acp_webhook_deliveries_merchant_idx" ON "acp_webhook_deliveries" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "acp_webhook_deliveries_session_idx" ON "acp_webhook_deliveries" USING btree ("session_id");