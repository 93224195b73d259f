-- count_offers claimed its offers FOR UPDATE, which also blocks a foreign key's check (FOR KEY SHARE)
-- from a checkout that names one of them until the count commits. A multi-row checkout insert could then
-- deadlock with it on PostgreSQL: its first rows' analytics trigger holds the merchant's day in
-- analytics_daily, its next row's key check waits for count_offers, and count_offers waits for that day
-- (CI caught it once, on a test's bulk history). Counting changes counted_at, never a key, so the claim
-- takes FOR NO KEY UPDATE, as the update itself does: concurrent relays still skip each other's claims,
-- and a checkout's key check never waits for a count. Otherwise unchanged from migration 0045.
CREATE OR REPLACE FUNCTION count_offers(batch integer) RETURNS integer LANGUAGE sql AS $$
  WITH claimed AS (
    SELECT id FROM offers WHERE counted_at IS NULL LIMIT batch FOR NO KEY UPDATE SKIP LOCKED
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
    SELECT 'offer', 'created', (counted.o).merchant_id, (counted.o).id
    FROM counted JOIN merchant_webhook_settings s ON s.merchant_id = (counted.o).merchant_id
    WHERE s.url IS NOT NULL AND s.events ? 'offer.created'
  )
  SELECT count(*)::int FROM counted
$$;
