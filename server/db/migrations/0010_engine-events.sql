CREATE TABLE "engine_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"change" text NOT NULL,
	"merchant_id" uuid NOT NULL,
	"subject_id" text NOT NULL,
	"status" text,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"relay_lease_until" timestamp with time zone,
	"relayed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "engine_events_unrelayed_idx" ON "engine_events" USING btree ("id") WHERE "engine_events"."relayed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "engine_events_occurred_idx" ON "engine_events" USING btree ("occurred_at");--> statement-breakpoint
-- The engine's one event (docs/decisions/012). Every new order, checkout and offer, and every change to
-- what a subscriber can see of one (the trigger's arguments after the topic name the columns that count),
-- adds a row to the outbox in the changing transaction, and announces it on `<topic>_changes` once that
-- transaction commits, for listeners that follow changes live. Updates that only move bookkeeping (a
-- store write's lease and attempt count, a checkout's acceptance report) are not events.
CREATE OR REPLACE FUNCTION record_engine_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_topic text := TG_ARGV[0];
  event_change text := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  event_status text := to_jsonb(NEW) ->> 'status';
  event_id bigint;
  changed boolean := TG_OP = 'INSERT';
BEGIN
  IF TG_OP = 'UPDATE' THEN
    FOR i IN 1 .. TG_NARGS - 1 LOOP
      changed := changed OR (to_jsonb(NEW) -> TG_ARGV[i]) IS DISTINCT FROM (to_jsonb(OLD) -> TG_ARGV[i]);
    END LOOP;
  END IF;
  IF NOT changed THEN
    RETURN NULL;
  END IF;
  INSERT INTO engine_events (topic, change, merchant_id, subject_id, status)
    VALUES (event_topic, event_change, NEW.merchant_id, NEW.id::text, event_status)
    RETURNING id INTO event_id;
  PERFORM pg_notify(
    event_topic || '_changes',
    json_build_object(
      'id', event_id, 'topic', event_topic, 'change', event_change, 'merchantId', NEW.merchant_id,
      'subjectId', NEW.id::text, 'status', event_status
    )::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER orders_notify_change ON orders;
--> statement-breakpoint
DROP FUNCTION notify_order_change();
--> statement-breakpoint
CREATE TRIGGER orders_engine_event AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION record_engine_event('order', 'status', 'store_order_id', 'platform', 'total_minor', 'currency');
--> statement-breakpoint
CREATE TRIGGER checkouts_engine_event AFTER INSERT OR UPDATE ON checkouts
  FOR EACH ROW EXECUTE FUNCTION record_engine_event('checkout', 'status');
--> statement-breakpoint
CREATE TRIGGER offers_engine_event AFTER INSERT OR UPDATE ON offers
  FOR EACH ROW EXECUTE FUNCTION record_engine_event('offer');
