-- Live orders for the dashboard (spec §4 "orders list live"): every new order, and every change to what
-- the orders list shows, is announced on the `order_changes` channel once its transaction commits. The
-- payload only names the row; listeners re-read it, so nothing here can leak or go stale.
CREATE OR REPLACE FUNCTION notify_order_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Store-write bookkeeping (lease, attempt count) also updates the row; the dashboard does not show it.
  IF TG_OP = 'UPDATE' AND (NEW.status, NEW.store_order_id, NEW.platform, NEW.total_minor, NEW.currency)
      IS NOT DISTINCT FROM (OLD.status, OLD.store_order_id, OLD.platform, OLD.total_minor, OLD.currency) THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify(
    'order_changes',
    json_build_object('merchant_id', NEW.merchant_id, 'id', NEW.id, 'op', TG_OP)::text
  );
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_change AFTER INSERT OR UPDATE ON orders
  FOR EACH ROW EXECUTE FUNCTION notify_order_change();
