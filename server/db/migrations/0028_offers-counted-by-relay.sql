-- Offers are counted into analytics and announced by the relay, not by triggers in the agent's insert
-- (ADR 028 and 012, amended for issue 22: offers arrive by the thousand a second and were most of their
-- own insert's cost). An offer is insert-only and written in one place, so its row is its own outbox:
-- counted_at stays null until count_offers, run by every relay round, adds it to analytics_daily and
-- writes its engine event in the commit that sets counted_at. Offers already here were counted and
-- announced by the triggers this migration drops: the default marks them (one value for every existing
-- row, kept in the catalogue, so the table is not rewritten), and new rows start uncounted.
ALTER TABLE "offers" ADD COLUMN "counted_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "offers" ALTER COLUMN "counted_at" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "offers_uncounted_idx" ON "offers" USING btree ("merchant_id","created_at") WHERE "offers"."counted_at" IS NULL;--> statement-breakpoint
DROP TRIGGER offers_engine_event ON offers;--> statement-breakpoint
-- Only a counted offer is in analytics_daily, so only its delete or change takes counts back (and adds
-- the changed row's); an uncounted one is counted as it stands when the relay gets to it.
DROP TRIGGER offers_analytics ON offers;--> statement-breakpoint
CREATE TRIGGER offers_analytics AFTER DELETE OR UPDATE OF merchant_id, created_at, channel, agent, currency
  ON offers FOR EACH ROW WHEN (OLD.counted_at IS NOT NULL) EXECUTE FUNCTION analytics_count();--> statement-breakpoint
-- A load with triggers off (session_replication_role = replica: a restore, the bench's history) neither
-- counts nor announces its rows; analytics_rebuild counts them afterwards (ADR 028). This trigger fires
-- only then, and marks loaded offers counted so that the rebuild, not the relay, counts them and no event
-- is owed for them, as for the other tables' loaded rows.
CREATE FUNCTION offers_loaded_counted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.counted_at := coalesce(NEW.counted_at, now());
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER offers_loaded_counted BEFORE INSERT ON offers
  FOR EACH ROW EXECUTE FUNCTION offers_loaded_counted();--> statement-breakpoint
ALTER TABLE offers ENABLE REPLICA TRIGGER offers_loaded_counted;--> statement-breakpoint
-- Counts up to `batch` uncounted offers (all with NULL) in one statement: claims them (SKIP LOCKED, so
-- relays running at once take different offers, and an offer a rebuild or another relay counted in the
-- meantime is no longer claimable), marks them counted, adds them to analytics_daily with one upsert per
-- rollup row, in key order so two relays lock shared rows in the same order, and writes each offer's
-- engine event. All of it commits together, so each offer is counted and announced exactly once. Offers
-- have no status, and nothing follows them live, so there is no notification. Returns how many it counted.
CREATE FUNCTION count_offers(batch integer) RETURNS integer LANGUAGE sql AS $$
  WITH claimed AS (
    SELECT id FROM offers WHERE counted_at IS NULL LIMIT batch FOR UPDATE SKIP LOCKED
  ), counted AS (
    UPDATE offers o SET counted_at = now() FROM claimed WHERE o.id = claimed.id RETURNING o
  ), rollup AS (
    INSERT INTO analytics_daily AS a (merchant_id, day, channel, agent, method, currency, started)
    SELECT c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency, sum(c.started)
    FROM counted, analytics_of(counted.o) c
    GROUP BY c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency
    ORDER BY c.merchant_id, c.day, c.channel, c.agent, c.method, c.currency
    ON CONFLICT (merchant_id, day, channel, agent, method, currency) DO UPDATE SET started = a.started + excluded.started
  ), announced AS (
    INSERT INTO engine_events (topic, change, merchant_id, subject_id)
    SELECT 'offer', 'created', (counted.o).merchant_id, (counted.o).id FROM counted
  )
  SELECT count(*)::int FROM counted
$$;--> statement-breakpoint
-- As in 0021, except that offers count only once counted_at is set: an uncounted offer is the relay's to
-- count (the report adds it meanwhile), so it is neither summed here nor counted twice after, and its
-- event still goes out once.
CREATE OR REPLACE FUNCTION analytics_rebuild(merchant uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM analytics_daily WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO analytics_daily
  SELECT merchant_id, day, channel, agent, method, currency, sum(started), sum(checkouts), sum(orders),
    sum(revenue_minor), sum(payments_paid), sum(paid_minor), sum(lightning_paid), sum(lightning_expired)
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
  GROUP BY merchant_id, day, channel, agent, method, currency;
  DELETE FROM analytics_pay_times WHERE merchant IS NULL OR merchant_id = merchant;
  INSERT INTO analytics_pay_times
  SELECT c.merchant_id, c.day, c.seconds, sum(c.payments)
  FROM payments r, analytics_pay_time_of(r) c WHERE merchant IS NULL OR r.merchant_id = merchant
  GROUP BY c.merchant_id, c.day, c.seconds;
$$;--> statement-breakpoint
-- The engine event of orders and checkouts (0010), split so that only a change a subscriber can see
-- enters plpgsql: an insert, or an update that changed a watched column (the WHEN clause, evaluated
-- without calling the function). Bookkeeping updates (a checkout's fee or acceptance report, an order's
-- store-write lease) no longer convert both rows to jsonb to find nothing changed.
CREATE OR REPLACE FUNCTION record_engine_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_topic text := TG_ARGV[0];
  event_change text := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  event_status text := to_jsonb(NEW) ->> 'status';
  event_id bigint;
BEGIN
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
$$;--> statement-breakpoint
DROP TRIGGER orders_engine_event ON orders;--> statement-breakpoint
CREATE TRIGGER orders_engine_event_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION record_engine_event('order');--> statement-breakpoint
CREATE TRIGGER orders_engine_event_update AFTER UPDATE OF status, store_order_id, platform, total_minor, currency
  ON orders FOR EACH ROW
  WHEN ((OLD.status, OLD.store_order_id, OLD.platform, OLD.total_minor, OLD.currency)
    IS DISTINCT FROM (NEW.status, NEW.store_order_id, NEW.platform, NEW.total_minor, NEW.currency))
  EXECUTE FUNCTION record_engine_event('order');--> statement-breakpoint
DROP TRIGGER checkouts_engine_event ON checkouts;--> statement-breakpoint
CREATE TRIGGER checkouts_engine_event_insert AFTER INSERT ON checkouts
  FOR EACH ROW EXECUTE FUNCTION record_engine_event('checkout');--> statement-breakpoint
CREATE TRIGGER checkouts_engine_event_update AFTER UPDATE OF status ON checkouts FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION record_engine_event('checkout');
