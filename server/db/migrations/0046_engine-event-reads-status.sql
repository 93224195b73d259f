-- The engine event's status was read as to_jsonb(NEW) ->> 'status': the whole row (a checkout's items,
-- buyer and shipping, an order's tracking) turned into JSON on every change, five times a card flow, to
-- read one column. Both tables the function serves (orders and checkouts) have that column; plpgsql
-- resolves NEW.status for each table on its own. Otherwise unchanged from migration 0028.
CREATE OR REPLACE FUNCTION record_engine_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_topic text := TG_ARGV[0];
  event_change text := CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END;
  event_status text := NEW.status::text;
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
$$;
