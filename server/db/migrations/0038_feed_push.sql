CREATE TABLE "feed_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"country" text NOT NULL,
	"endpoint_url" text NOT NULL,
	"feed_id" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"products_sent" integer DEFAULT 0 NOT NULL,
	"products_accepted" integer DEFAULT 0 NOT NULL,
	"products_rejected" integer DEFAULT 0 NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "feed_push_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"endpoint_url" text,
	"token_sealed" text,
	"countries" text[] DEFAULT '{"US"}' NOT NULL,
	"schedule" text DEFAULT 'off' NOT NULL,
	"agent_feeds" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"pushed_digest" text,
	"last_scheduled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feed_deliveries" ADD CONSTRAINT "feed_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feed_push_settings" ADD CONSTRAINT "feed_push_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feed_deliveries_merchant_idx" ON "feed_deliveries" USING btree ("merchant_id","created_at");