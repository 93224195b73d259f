CREATE TABLE "merchant_webhook_settings" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"url" text,
	"events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"event_type" text NOT NULL,
	"subject_id" text,
	"session_id" text,
	"order_status" text,
	"api_version" text,
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
ALTER TABLE "merchant_webhook_settings" ADD CONSTRAINT "merchant_webhook_settings_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_session_id_acp_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."acp_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_merchant_idx" ON "webhook_deliveries" USING btree ("merchant_id","channel","created_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_session_idx" ON "webhook_deliveries" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_subject_idx" ON "webhook_deliveries" USING btree ("merchant_id","channel","event_type","subject_id") WHERE "webhook_deliveries"."subject_id" IS NOT NULL;--> statement-breakpoint
-- The agent's order events move into the one delivery log, keeping their ids and history.
INSERT INTO "webhook_deliveries" ("id", "merchant_id", "channel", "event_type", "session_id", "order_status", "api_version", "url", "payload", "status", "attempts", "last_response_status", "last_response_body", "last_error", "last_attempt_at", "delivered_at", "created_at", "updated_at")
  SELECT "id", "merchant_id", 'acp_agent', "event_type", "session_id", "order_status", "api_version", "url", "payload", "status", "attempts", "last_response_status", "last_response_body", "last_error", "last_attempt_at", "delivered_at", "created_at", "updated_at"
  FROM "acp_webhook_deliveries";
--> statement-breakpoint
DROP TABLE "acp_webhook_deliveries" CASCADE;
