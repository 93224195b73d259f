CREATE TABLE "notification_digest_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"occurrence_key" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"digested_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_digest_items" ADD CONSTRAINT "notification_digest_items_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_digest_items_occurrence_idx" ON "notification_digest_items" USING btree ("merchant_id","occurrence_key");--> statement-breakpoint
CREATE INDEX "notification_digest_items_pending_idx" ON "notification_digest_items" USING btree ("merchant_id","created_at") WHERE "notification_digest_items"."digested_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_integrations_merchant_id_idx" ON "merchant_integrations" USING btree ("merchant_id","id");--> statement-breakpoint
-- The selling store (ADR 042). Before this, saving any store made it the primary one, and a disconnected
-- store could leave the merchant pointing at nothing. Point each merchant at a store it really has: the
-- one it points at, else the one of its recorded platform, else its oldest.
UPDATE "merchants" m SET "primary_integration_id" = (
  SELECT i."id" FROM "merchant_integrations" i
  WHERE i."merchant_id" = m."id"
  ORDER BY (i."id" = m."primary_integration_id") DESC, (i."platform" = m."platform") DESC, i."created_at", i."id"
  LIMIT 1
);
--> statement-breakpoint
-- A merchant sells from one of its own stores (composite key), and deleting that store leaves the
-- merchant with none rather than a dangling id (only the integration column is cleared).
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_selling_store_fk"
  FOREIGN KEY ("id", "primary_integration_id")
  REFERENCES "merchant_integrations"("merchant_id", "id")
  ON DELETE SET NULL ("primary_integration_id");
