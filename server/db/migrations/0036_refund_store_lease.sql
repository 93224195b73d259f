-- A refund's store write holds a lease like an order's (ADR 021): one writer tells the store at a time (ADR 052).
ALTER TABLE "refunds" ADD COLUMN "store_write_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "store_write_claimed_by" uuid;--> statement-breakpoint
-- A refund made, settled or failed is news about its order (ADR 052): an engine event of topic `order`
-- for the refund's order, in the transaction that changed the refund, its status `REFUND_<STATUS>` so
-- subscribers that act on order statuses (FULFILLED, CANCELLED) pass it by, and those that tell of the
-- money given back (the agent's order events) read the order's refunds as they stand.
CREATE OR REPLACE FUNCTION record_refund_engine_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_status text := 'REFUND_' || upper(NEW.status);
  event_id bigint;
BEGIN
  INSERT INTO engine_events (topic, change, merchant_id, subject_id, status)
    VALUES ('order', 'updated', NEW.merchant_id, NEW.order_id::text, event_status)
    RETURNING id INTO event_id;
  PERFORM pg_notify(
    'order_changes',
    json_build_object(
      'id', event_id, 'topic', 'order', 'change', 'updated', 'merchantId', NEW.merchant_id,
      'subjectId', NEW.order_id::text, 'status', event_status
    )::text
  );
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER refunds_engine_event_insert AFTER INSERT ON refunds
  FOR EACH ROW WHEN (NEW.order_id IS NOT NULL)
  EXECUTE FUNCTION record_refund_engine_event();--> statement-breakpoint
CREATE TRIGGER refunds_engine_event_update AFTER UPDATE OF status ON refunds FOR EACH ROW
  WHEN (NEW.order_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION record_refund_engine_event();
