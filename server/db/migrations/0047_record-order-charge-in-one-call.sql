-- The platform ledger's line for a paid order, in one call instead of a transaction of five statements
-- (BEGIN, the month's count, the line, COMMIT, after the order's read): issue 22, ADR 067. The caller has
-- read the order and worked out the plan, the fee and what an overage would be; this function takes the
-- order's place in its month and writes the line, once however often it is called.
--
-- The month's counter row is counted and locked first, so deliveries of one order (and orders of one
-- merchant) take their places one at a time. The line is then inserted unless the order has one: a
-- delivery whose insert finds it (written by a delivery it waited for, or earlier) gives its place back
-- on the row it still holds locked, which is what rolling its count back did, and returns that line.
CREATE FUNCTION record_order_charge(
  p_order_id uuid,
  p_merchant_id uuid,
  p_month date,
  p_plan_id text,
  p_order_total_minor bigint,
  p_currency text,
  p_fee_basis_points integer,
  p_fee_minor bigint,
  p_fee_collection text,
  -- The plan's monthly allowance, null when it has none; what an order beyond it owes, and how.
  p_included_orders integer,
  p_overage_minor bigint,
  p_overage_currency text,
  p_overage_collection text
) RETURNS SETOF billing_order_charges LANGUAGE plpgsql AS $$
DECLARE
  place integer;
  beyond boolean;
  line billing_order_charges;
BEGIN
  INSERT INTO billing_usage_months AS m (merchant_id, month, order_count)
    VALUES (p_merchant_id, p_month, 1)
    ON CONFLICT (merchant_id, month) DO UPDATE SET order_count = m.order_count + 1
    RETURNING m.order_count INTO place;
  beyond := p_included_orders IS NOT NULL AND place > p_included_orders;
  INSERT INTO billing_order_charges (
    order_id, merchant_id, month, order_number_in_month, plan_id, order_total_minor, currency,
    fee_basis_points, fee_minor, fee_collection, overage_minor, overage_currency, overage_collection
  ) VALUES (
    p_order_id, p_merchant_id, p_month, place, p_plan_id, p_order_total_minor, p_currency,
    p_fee_basis_points, p_fee_minor, p_fee_collection,
    CASE WHEN beyond THEN p_overage_minor ELSE 0 END,
    CASE WHEN beyond THEN p_overage_currency END,
    CASE WHEN beyond THEN p_overage_collection END
  )
  ON CONFLICT (order_id) DO NOTHING
  RETURNING * INTO line;
  IF FOUND THEN
    RETURN NEXT line;
    RETURN;
  END IF;
  UPDATE billing_usage_months SET order_count = order_count - 1
    WHERE merchant_id = p_merchant_id AND month = p_month;
  RETURN QUERY SELECT * FROM billing_order_charges WHERE order_id = p_order_id;
END
$$;
