CREATE TABLE "order_months" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_months_merchant_id_month_pk" PRIMARY KEY("merchant_id","month")
);
--> statement-breakpoint
ALTER TABLE "order_months" ADD CONSTRAINT "order_months_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The UTC month an order counts in: the same boundary as monthStart (common/domain/trial-and-usage).
CREATE FUNCTION order_month_of(created_at timestamptz) RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('month', created_at AT TIME ZONE 'UTC')::date
$$;--> statement-breakpoint
-- In the same transaction as the order row (as the analytics rollup, ADR 028): a rolled-back confirm
-- counts nothing. Every order counts whatever its status, so only moving an order to another merchant or
-- month changes the counts; taking back only updates, so a merchant's cascade delete re-creates nothing.
CREATE FUNCTION order_months_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.merchant_id = NEW.merchant_id
      AND order_month_of(OLD.created_at) = order_month_of(NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE order_months SET orders = orders - 1
    WHERE merchant_id = OLD.merchant_id AND month = order_month_of(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO order_months AS m VALUES (NEW.merchant_id, order_month_of(NEW.created_at), 1)
    ON CONFLICT (merchant_id, month) DO UPDATE SET orders = m.orders + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_month_count AFTER INSERT OR DELETE OR UPDATE OF merchant_id, created_at
  ON orders FOR EACH ROW EXECUTE FUNCTION order_months_count();--> statement-breakpoint
-- Recounts a merchant's months (every merchant's with NULL) from its orders: the backfill below, and the
-- repair after orders were loaded with triggers off (a restore, the bench), beside analytics_rebuild.
CREATE FUNCTION order_months_rebuild(merchant uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_months WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO order_months
  SELECT merchant_id, order_month_of(created_at), count(*) FROM orders
  WHERE merchant IS NULL OR merchant_id = merchant
  GROUP BY merchant_id, order_month_of(created_at);
$$;--> statement-breakpoint
SELECT order_months_rebuild(NULL);
