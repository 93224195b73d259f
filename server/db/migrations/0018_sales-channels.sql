ALTER TABLE "checkouts" ADD COLUMN "channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "agent" text;--> statement-breakpoint
-- Offers made before channels were recorded came through the agent API, except those an ACP session
-- priced (below); the default only serves this backfill, so code must always say where an offer came from.
ALTER TABLE "offers" ADD COLUMN "channel" text DEFAULT 'agent_api' NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "channel" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "agent" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "channel" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "agent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
UPDATE offers SET channel = 'acp_' || s.api_version FROM acp_sessions s WHERE s.offer_id = offers.id;--> statement-breakpoint
UPDATE offers SET channel = 'acp_' || s.api_version
  FROM checkouts c JOIN acp_sessions s ON s.checkout_id = c.id WHERE c.offer_id = offers.id;--> statement-breakpoint
UPDATE checkouts SET channel = o.channel FROM offers o WHERE o.id = checkouts.offer_id;--> statement-breakpoint
UPDATE orders SET channel = c.channel FROM checkouts c WHERE c.id = orders.checkout_id;--> statement-breakpoint
-- Before paid_at, a succeeded payment's last update was its success (the 90-day purge comes later).
UPDATE payments SET paid_at = updated_at WHERE status = 'succeeded';--> statement-breakpoint
-- A checkout sells through its offer's channel and agent, and an order through its checkout's: copied
-- on insert by the database, so no engine path that creates one (confirm, webhook, reconciliation,
-- recovery) can forget them, and analytics group orders without joining back to offers.
CREATE OR REPLACE FUNCTION inherit_sales_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'checkouts' THEN
    SELECT o.channel, o.agent INTO NEW.channel, NEW.agent FROM offers o WHERE o.id = NEW.offer_id;
  ELSE
    SELECT c.channel, c.agent INTO NEW.channel, NEW.agent FROM checkouts c WHERE c.id = NEW.checkout_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER checkouts_sales_channel BEFORE INSERT ON checkouts
  FOR EACH ROW EXECUTE FUNCTION inherit_sales_channel();--> statement-breakpoint
CREATE TRIGGER orders_sales_channel BEFORE INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION inherit_sales_channel();
