ALTER TABLE "checkouts" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics_daily" DROP CONSTRAINT "analytics_daily_merchant_id_day_channel_agent_method_currency_pk";--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_merchant_id_day_channel_agent_method_currency_test_pk" PRIMARY KEY("merchant_id","day","channel","agent","method","currency","test");--> statement-breakpoint
-- Test sales apart from live ones (ADR 043). Before this column, the merchant's test checkouts were the
-- only ones on the tester's channel, so that channel marks the test rows already here.
UPDATE offers SET test = true WHERE channel = 'agent_test';--> statement-breakpoint
UPDATE checkouts SET test = true WHERE channel = 'agent_test';--> statement-breakpoint
UPDATE orders SET test = true WHERE channel = 'agent_test';--> statement-breakpoint
UPDATE payments SET test = true FROM checkouts c WHERE c.id = payments.checkout_id AND c.test;--> statement-breakpoint
-- A checkout is a test when its offer is, and an order when its checkout is: copied on insert with the
-- channel (0018), so no engine path that creates one can forget it. The payment is written by the same
-- statement as its checkout and takes the flag from the offer there (commerce/create-checkout.ts).
CREATE OR REPLACE FUNCTION inherit_sales_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'checkouts' THEN
    SELECT o.channel, o.agent, o.test INTO NEW.channel, NEW.agent, NEW.test FROM offers o WHERE o.id = NEW.offer_id;
  ELSE
    SELECT c.channel, c.agent, c.test INTO NEW.channel, NEW.agent, NEW.test FROM checkouts c WHERE c.id = NEW.checkout_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- As in 0021, with the row's test flag as the rollup's last key column, so a report can sum live sales
-- alone (the default) or with tests.
CREATE OR REPLACE FUNCTION analytics_of(o offers) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT o.merchant_id, (o.created_at AT TIME ZONE 'UTC')::date, o.channel, coalesce(o.agent, ''), '', o.currency,
    1, 0, 0, 0::bigint, 0, 0::bigint, 0, 0, o.test
  WHERE o.channel NOT LIKE 'acp\_%'
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_of(s acp_sessions) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT s.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date, 'acp_' || s.api_version, '', '', upper(s.currency),
    1, 0, 0, 0::bigint, 0, 0::bigint, 0, 0, false
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_of(c checkouts) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT c.merchant_id, (c.created_at AT TIME ZONE 'UTC')::date, c.channel, coalesce(c.agent, ''), '', c.currency,
    0, 1, 0, 0::bigint, 0, 0::bigint, 0, 0, c.test
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_of(o orders) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT o.merchant_id, (o.created_at AT TIME ZONE 'UTC')::date, o.channel, coalesce(o.agent, ''), '', o.currency,
    0, 0, 1, o.total_minor, 0, 0::bigint, 0, 0, o.test
  WHERE o.status NOT IN ('CANCELLED', 'REJECTED')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_of(p payments) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT p.merchant_id, (p.paid_at AT TIME ZONE 'UTC')::date, '', '', p.method, p.currency,
    0, 0, 0, 0::bigint, 1, p.amount_minor, 0, 0, p.test
  WHERE p.status = 'succeeded' AND p.paid_at IS NOT NULL
  UNION ALL
  SELECT p.merchant_id, (p.created_at AT TIME ZONE 'UTC')::date, '', '', p.method, p.currency,
    0, 0, 0, 0::bigint, 0, 0::bigint, (p.status = 'succeeded')::int, (p.status = 'expired')::int, p.test
  WHERE p.method LIKE 'btc\_%' AND p.status IN ('succeeded', 'expired')
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_apply(c analytics_daily, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO analytics_daily AS a VALUES (c.*)
    ON CONFLICT (merchant_id, day, channel, agent, method, currency, test) DO UPDATE SET
      started = a.started + excluded.started,
      checkouts = a.checkouts + excluded.checkouts,
      orders = a.orders + excluded.orders,
      revenue_minor = a.revenue_minor + excluded.revenue_minor,
      payments_paid = a.payments_paid + excluded.payments_paid,
      paid_minor = a.paid_minor + excluded.paid_minor,
      lightning_paid = a.lightning_paid + excluded.lightning_paid,
      lightning_expired = a.lightning_expired + excluded.lightning_expired;
  ELSE
    UPDATE analytics_daily a SET
      started = a.started - c.started,
      checkouts = a.checkouts - c.checkouts,
      orders = a.orders - c.orders,
      revenue_minor = a.revenue_minor - c.revenue_minor,
      payments_paid = a.payments_paid - c.payments_paid,
      paid_minor = a.paid_minor - c.paid_minor,
      lightning_paid = a.lightning_paid - c.lightning_paid,
      lightning_expired = a.lightning_expired - c.lightning_expired
    WHERE (a.merchant_id, a.day, a.channel, a.agent, a.method, a.currency, a.test)
      = (c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency, c.test);
  END IF;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION count_offers(batch integer) RETURNS integer LANGUAGE sql AS $$
  WITH claimed AS (
    SELECT id FROM offers WHERE counted_at IS NULL LIMIT batch FOR UPDATE SKIP LOCKED
  ), counted AS (
    UPDATE offers o SET counted_at = now() FROM claimed WHERE o.id = claimed.id RETURNING o
  ), rollup AS (
    INSERT INTO analytics_daily AS a (merchant_id, day, channel, agent, method, currency, test, started)
    SELECT c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency, c.test, sum(c.started)
    FROM counted, analytics_of(counted.o) c
    GROUP BY c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency, c.test
    ORDER BY c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency, c.test
    ON CONFLICT (merchant_id, day, channel, agent, method, currency, test) DO UPDATE SET started = a.started + excluded.started
  ), announced AS (
    INSERT INTO engine_events (topic, change, merchant_id, subject_id)
    SELECT 'offer', 'created', (counted.o).merchant_id, (counted.o).id FROM counted
  )
  SELECT count(*)::int FROM counted
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_rebuild(merchant uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_daily WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO analytics_daily
  SELECT merchant_id, day, channel, agent, method, currency, sum(started), sum(checkouts), sum(orders),
    sum(revenue_minor), sum(payments_paid), sum(paid_minor), sum(lightning_paid), sum(lightning_expired), test
  FROM (
    SELECT c.* FROM offers r, analytics_of(r) c
    WHERE r.counted_at IS NOT NULL AND (merchant IS NULL OR r.merchant_id = merchant)
    UNION ALL
    SELECT c.* FROM acp_sessions r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM checkouts r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM orders r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM payments r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
  ) counted
  GROUP BY merchant_id, day, channel, agent, method, currency, test;
  DELETE FROM analytics_pay_times WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO analytics_pay_times
  SELECT c.merchant_id, c.day, c.seconds, sum(c.payments)
  FROM payments r, analytics_pay_time_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
  GROUP BY c.merchant_id, c.day, c.seconds;
$$;--> statement-breakpoint
-- The Lightning time-to-pay histogram is live payments only: it has no test key, and tests are paid by
-- a simulator in a second, which would only pull the merchant's median down.
CREATE OR REPLACE FUNCTION analytics_pay_time_of(p payments) RETURNS SETOF analytics_pay_times LANGUAGE sql IMMUTABLE AS $$
  SELECT p.merchant_id, (p.created_at AT TIME ZONE 'UTC')::date,
    analytics_pay_bucket(extract(epoch FROM p.paid_at - p.created_at)::numeric), 1
  WHERE p.method LIKE 'btc\_%' AND p.status = 'succeeded' AND p.paid_at IS NOT NULL AND NOT p.test
$$;--> statement-breakpoint
-- A plan's monthly allowance counts the merchant's business, never its tests (ADR 043). The flag is set
-- on insert and never changes, so an update still only moves an order between merchants or months.
CREATE OR REPLACE FUNCTION order_months_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.merchant_id = NEW.merchant_id
      AND order_month_of(OLD.created_at) = order_month_of(NEW.created_at) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND NOT OLD.test THEN
    UPDATE order_months SET orders = orders - 1
    WHERE merchant_id = OLD.merchant_id AND month = order_month_of(OLD.created_at);
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.test THEN
    INSERT INTO order_months AS m VALUES (NEW.merchant_id, order_month_of(NEW.created_at), 1)
    ON CONFLICT (merchant_id, month) DO UPDATE SET orders = m.orders + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION order_months_rebuild(merchant uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM order_months WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO order_months
  SELECT merchant_id, order_month_of(created_at), count(*) FROM orders
  WHERE (merchant IS NULL OR merchant_id = merchant) AND NOT test
  GROUP BY merchant_id, order_month_of(created_at);
$$;--> statement-breakpoint
SELECT analytics_rebuild(NULL);--> statement-breakpoint
SELECT order_months_rebuild(NULL);
