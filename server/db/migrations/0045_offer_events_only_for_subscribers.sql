-- An offer is announced (an engine event, then a job of the merchant-webhooks subscriber) only when its
-- merchant's webhook endpoint takes offer.created (ADR 064). Offers arrive by the thousand a second and
-- nothing else follows them (no live stream, no other subscriber), so for every other merchant the event,
-- its relay and its job were written, fetched and completed only for the handler to find no endpoint.
-- Counting is unchanged: every offer is still claimed, counted into analytics_daily and marked in one
-- commit, so it is counted, and announced when subscribed, exactly once.
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
    SELECT 'offer', 'created', (counted.o).merchant_id, (counted.o).id
    FROM counted JOIN merchant_webhook_settings s ON s.merchant_id = (counted.o).merchant_id
    WHERE s.url IS NOT NULL AND s.events ? 'offer.created'
  )
  SELECT count(*)::int FROM counted
$$;
