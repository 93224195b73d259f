CREATE TABLE "analytics_daily" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"agent" text NOT NULL,
	"method" text NOT NULL,
	"currency" text NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"checkouts" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_minor" bigint DEFAULT 0 NOT NULL,
	"payments_paid" integer DEFAULT 0 NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"lightning_paid" integer DEFAULT 0 NOT NULL,
	"lightning_expired" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_daily_merchant_id_day_channel_agent_method_currency_pk" PRIMARY KEY("merchant_id","day","channel","agent","method","currency")
);
--> statement-breakpoint
CREATE TABLE "analytics_pay_times" (
	"merchant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"payments" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_pay_times_merchant_id_day_seconds_pk" PRIMARY KEY("merchant_id","day","seconds")
);
--> statement-breakpoint
ALTER TABLE "analytics_daily" ADD CONSTRAINT "analytics_daily_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_pay_times" ADD CONSTRAINT "analytics_pay_times_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What one source row adds to analytics_daily, one overload per table (ADR 028). The triggers below add
-- a row's counts on insert and take them back on delete, and an update does both; the rebuild sums the
-- same functions over every row, so the rules of what counts are written once.
-- Agents start on the agent API and the tester with an offer, on ACP with a session (which may price
-- many offers, so ACP offers do not count).
CREATE FUNCTION analytics_of(o offers) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT o.merchant_id, (o.created_at AT TIME ZONE 'UTC')::date, o.channel, coalesce(o.agent, ''), '', o.currency,
    1, 0, 0, 0::bigint, 0, 0::bigint, 0, 0
  WHERE o.channel NOT LIKE 'acp\_%'
$$;--> statement-breakpoint
CREATE FUNCTION analytics_of(s acp_sessions) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT s.merchant_id, (s.created_at AT TIME ZONE 'UTC')::date, 'acp_' || s.api_version, '', '', upper(s.currency),
    1, 0, 0, 0::bigint, 0, 0::bigint, 0, 0
$$;--> statement-breakpoint
CREATE FUNCTION analytics_of(c checkouts) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT c.merchant_id, (c.created_at AT TIME ZONE 'UTC')::date, c.channel, coalesce(c.agent, ''), '', c.currency,
    0, 1, 0, 0::bigint, 0, 0::bigint, 0, 0
$$;--> statement-breakpoint
-- A sale is an order neither cancelled nor rejected by the store.
CREATE FUNCTION analytics_of(o orders) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT o.merchant_id, (o.created_at AT TIME ZONE 'UTC')::date, o.channel, coalesce(o.agent, ''), '', o.currency,
    0, 0, 1, o.total_minor, 0, 0::bigint, 0, 0
  WHERE o.status NOT IN ('CANCELLED', 'REJECTED')
$$;--> statement-breakpoint
-- A succeeded payment counts on the day it was paid; a Lightning invoice's outcome on the day it was made.
CREATE FUNCTION analytics_of(p payments) RETURNS SETOF analytics_daily LANGUAGE sql IMMUTABLE AS $$
  SELECT p.merchant_id, (p.paid_at AT TIME ZONE 'UTC')::date, '', '', p.method, p.currency,
    0, 0, 0, 0::bigint, 1, p.amount_minor, 0, 0
  WHERE p.status = 'succeeded' AND p.paid_at IS NOT NULL
  UNION ALL
  SELECT p.merchant_id, (p.created_at AT TIME ZONE 'UTC')::date, '', '', p.method, p.currency,
    0, 0, 0, 0::bigint, 0, 0::bigint, (p.status = 'succeeded')::int, (p.status = 'expired')::int
  WHERE p.method LIKE 'btc\_%' AND p.status IN ('succeeded', 'expired')
$$;--> statement-breakpoint
-- Which bucket of the time-to-pay histogram a time falls in, by its lower bound in seconds: to the second
-- under a minute, to 10 s under 10 minutes, to the minute under an hour, to the hour beyond. Buyers pay
-- in seconds to minutes, so the median keeps the precision that matters while a day holds at most ~170
-- buckets whatever the volume.
CREATE FUNCTION analytics_pay_bucket(seconds numeric) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT (CASE
    WHEN seconds < 60 THEN floor(greatest(seconds, 0))
    WHEN seconds < 600 THEN floor(seconds / 10) * 10
    WHEN seconds < 3600 THEN floor(seconds / 60) * 60
    ELSE floor(seconds / 3600) * 3600
  END)::int
$$;--> statement-breakpoint
-- A paid Lightning invoice's time to pay, bucketed, on the day the invoice was made.
CREATE FUNCTION analytics_pay_time_of(p payments) RETURNS SETOF analytics_pay_times LANGUAGE sql IMMUTABLE AS $$
  SELECT p.merchant_id, (p.created_at AT TIME ZONE 'UTC')::date,
    analytics_pay_bucket(extract(epoch FROM p.paid_at - p.created_at)::numeric), 1
  WHERE p.method LIKE 'btc\_%' AND p.status = 'succeeded' AND p.paid_at IS NOT NULL
$$;--> statement-breakpoint
-- Adds counts (sign 1) or takes them back (sign -1). Taking back only updates: the row it counted into
-- exists, and a cascade deleting a merchant must not re-create the rows it is deleting.
CREATE FUNCTION analytics_apply(c analytics_daily, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO analytics_daily AS a VALUES (c.*)
    ON CONFLICT (merchant_id, day, channel, agent, method, currency) DO UPDATE SET
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
    WHERE (a.merchant_id, a.day, a.channel, a.agent, a.method, a.currency)
      = (c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency);
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION analytics_apply(c analytics_pay_times, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF sign > 0 THEN
    INSERT INTO analytics_pay_times AS a VALUES (c.*)
    ON CONFLICT (merchant_id, day, seconds) DO UPDATE SET payments = a.payments + excluded.payments;
  ELSE
    UPDATE analytics_pay_times a SET payments = a.payments - c.payments
    WHERE (a.merchant_id, a.day, a.seconds) = (c.merchant_id, c.day, c.seconds);
  END IF;
END;
$$;--> statement-breakpoint
-- In the same transaction as the row's own change: a rolled-back confirm counts nothing, a retried one
-- counts once, and an update that changes nothing analytics count (an order FULFILLED after ACCEPTED)
-- writes nothing.
CREATE FUNCTION analytics_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (SELECT array_agg(c) FROM analytics_of(OLD) c)
      IS NOT DISTINCT FROM (SELECT array_agg(c) FROM analytics_of(NEW) c) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM analytics_apply(c, -1) FROM analytics_of(OLD) c; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM analytics_apply(c, 1) FROM analytics_of(NEW) c; END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION analytics_count_pay_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (SELECT array_agg(c) FROM analytics_pay_time_of(OLD) c)
      IS NOT DISTINCT FROM (SELECT array_agg(c) FROM analytics_pay_time_of(NEW) c) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM analytics_apply(c, -1) FROM analytics_pay_time_of(OLD) c; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM analytics_apply(c, 1) FROM analytics_pay_time_of(NEW) c; END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Only the columns analytics read fire the triggers: a checkout's status moves or a payload purge do not.
CREATE TRIGGER offers_analytics AFTER INSERT OR DELETE OR UPDATE OF merchant_id, created_at, channel, agent, currency
  ON offers FOR EACH ROW EXECUTE FUNCTION analytics_count();--> statement-breakpoint
CREATE TRIGGER acp_sessions_analytics AFTER INSERT OR DELETE OR UPDATE OF merchant_id, created_at, api_version, currency
  ON acp_sessions FOR EACH ROW EXECUTE FUNCTION analytics_count();--> statement-breakpoint
CREATE TRIGGER checkouts_analytics AFTER INSERT OR DELETE OR UPDATE OF merchant_id, created_at, channel, agent, currency
  ON checkouts FOR EACH ROW EXECUTE FUNCTION analytics_count();--> statement-breakpoint
CREATE TRIGGER orders_analytics AFTER INSERT OR DELETE
  OR UPDATE OF merchant_id, created_at, channel, agent, currency, status, total_minor
  ON orders FOR EACH ROW EXECUTE FUNCTION analytics_count();--> statement-breakpoint
CREATE TRIGGER payments_analytics AFTER INSERT OR DELETE
  OR UPDATE OF merchant_id, created_at, paid_at, method, currency, status, amount_minor
  ON payments FOR EACH ROW EXECUTE FUNCTION analytics_count();--> statement-breakpoint
CREATE TRIGGER payments_pay_time_analytics AFTER INSERT OR DELETE
  OR UPDATE OF merchant_id, created_at, paid_at, method, status
  ON payments FOR EACH ROW EXECUTE FUNCTION analytics_count_pay_time();--> statement-breakpoint
-- Recounts a merchant's rollup (every merchant's with NULL) from its rows, in one pass per table: the
-- backfill below, and the repair after rows were loaded with triggers off (a restore, the bench).
CREATE FUNCTION analytics_rebuild(merchant uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_daily WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO analytics_daily
  SELECT merchant_id, day, channel, agent, method, currency, sum(started), sum(checkouts), sum(orders),
    sum(revenue_minor), sum(payments_paid), sum(paid_minor), sum(lightning_paid), sum(lightning_expired)
  FROM (
    SELECT c.* FROM offers r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM acp_sessions r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM checkouts r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM orders r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
    UNION ALL
    SELECT c.* FROM payments r, analytics_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
  ) counted
  GROUP BY merchant_id, day, channel, agent, method, currency;
  DELETE FROM analytics_pay_times WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO analytics_pay_times
  SELECT c.merchant_id, c.day, c.seconds, sum(c.payments)
  FROM payments r, analytics_pay_time_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
  GROUP BY c.merchant_id, c.day, c.seconds;
$$;--> statement-breakpoint
SELECT analytics_rebuild(NULL);
