import { invalidRequest, resourceMissing, stripeId, words } from './simulator-http';
import { listOf } from './simulator-lists';
import type { StripeSimContext } from './simulator-state';

interface Meter {
  id: string;
  object: 'billing.meter';
  created: number;
  customer_mapping: { event_payload_key: string; type: 'by_id' };
  default_aggregation: { formula: 'sum' | 'count' | 'last' };
  display_name: string;
  event_name: string;
  event_time_window: 'day' | 'hour' | null;
  livemode: false;
  status: 'active' | 'inactive';
  status_transitions: { deactivated_at: number | null };
  updated: number;
  value_settings: { event_payload_key: string };
}

interface MeterEvent {
  object: 'billing.meter_event';
  created: number;
  event_name: string;
  identifier: string;
  livemode: false;
  payload: Record<string, string>;
  timestamp: number;
}

/** Stripe accepts events up to 35 days old and 5 minutes ahead. */
const OLDEST_SECONDS = 35 * 24 * 60 * 60;
const AHEAD_SECONDS = 5 * 60;
/** Identifiers are unique over a rolling window of at least a day. */
const IDENTIFIER_WINDOW_SECONDS = 24 * 60 * 60;

/**
 * Billing Meters and their events: `POST /v1/billing/meters` defines what is counted, and
 * `POST /v1/billing/meter_events` reports usage for a customer. Subscriptions with a metered price read
 * the aggregated usage when they cut an invoice.
 */
export function registerMeters(
  ctx: StripeSimContext,
  opts: {
    /** The time on the customer's test clock, or the simulator's own when it has none. */
    customerNow(customer: string, account: string): number | null;
  },
) {
  const { router, state, sim } = ctx;
  const { meters, meterEvents } = sim.keep('meters', () => ({
    meters: new Map<string, { owner: string; object: Meter }>(),
    /** Events per account, oldest first. */
    meterEvents: new Map<string, MeterEvent[]>(),
  }));

  const meterOf = (id: string, account: string) => {
    const record = meters.get(id);
    if (!record || record.owner !== account) throw resourceMissing('billing.meter', id, 'id');
    return record.object;
  };

  router.post('/v1/billing/meters', ({ caller, params }) => {
    params.only(
      words(
        'display_name event_name default_aggregation customer_mapping value_settings event_time_window expand',
      ),
    );
    const eventName = params.requiredString('event_name');
    const taken = [...meters.values()].some(
      ({ owner, object }) => owner === caller.account && object.event_name === eventName,
    );
    if (taken) {
      throw invalidRequest(`A meter with event_name ${eventName} already exists.`, { param: 'event_name' });
    }
    const aggregation = params.object('default_aggregation');
    if (!aggregation) throw params.missing('default_aggregation');
    const now = state.nowSeconds();
    const meter: Meter = {
      id: stripeId('mtr'),
      object: 'billing.meter',
      created: now,
      customer_mapping: {
        event_payload_key:
          params.object('customer_mapping')?.string('event_payload_key') ?? 'stripe_customer_id',
        type: 'by_id',
      },
      default_aggregation: {
        formula: aggregation.oneOf('formula', ['sum', 'count', 'last'] as const, true)!,
      },
      display_name: params.requiredString('display_name'),
      event_name: eventName,
      event_time_window: params.oneOf('event_time_window', ['day', 'hour'] as const) ?? null,
      livemode: false,
      status: 'active',
      status_transitions: { deactivated_at: null },
      updated: now,
      value_settings: {
        event_payload_key: params.object('value_settings')?.string('event_payload_key') ?? 'value',
      },
    };
    meters.set(meter.id, { owner: caller.account, object: meter });
    return meter;
  });
  router.get('/v1/billing/meters', ({ caller, params }) => {
    params.only(words('status limit starting_after ending_before expand'));
    const status = params.oneOf('status', ['active', 'inactive'] as const);
    return listOf(
      '/v1/billing/meters',
      [...meters.values()]
        .filter(({ owner, object }) => owner === caller.account && (!status || object.status === status))
        .map(({ object }) => object),
      params,
    );
  });
  router.get('/v1/billing/meters/:id', ({ caller, path }) => meterOf(path.id!, caller.account));

  router.post('/v1/billing/meter_events', ({ caller, params }) => {
    params.only(words('event_name payload identifier timestamp expand'));
    const eventName = params.requiredString('event_name');
    const payloadParams = params.object('payload');
    if (!payloadParams) throw params.missing('payload');
    const meter = [...meters.values()].find(
      ({ owner, object }) =>
        owner === caller.account && object.event_name === eventName && object.status === 'active',
    )?.object;
    if (!meter) {
      throw invalidRequest(`No active meter was found with event_name \`${eventName}\`.`, {
        param: 'event_name',
      });
    }
    const customerKey = meter.customer_mapping.event_payload_key;
    const valueKey = meter.value_settings.event_payload_key;
    const customer = payloadParams.requiredString(customerKey);
    const value = payloadParams.requiredString(valueKey);
    if (!/^\d+$/.test(value)) {
      throw invalidRequest(`The value in payload[${valueKey}] must be a whole number.`, {
        param: `payload[${valueKey}]`,
      });
    }
    const now = opts.customerNow(customer, caller.account);
    if (now === null) {
      throw invalidRequest(`No such customer: '${customer}'`, {
        code: 'resource_missing',
        param: `payload[${customerKey}]`,
      });
    }
    const timestamp = params.int('timestamp') ?? now;
    if (timestamp < now - OLDEST_SECONDS || timestamp > now + AHEAD_SECONDS) {
      throw invalidRequest(
        'The timestamp must be within the past 35 calendar days or up to 5 minutes in the future.',
        { param: 'timestamp' },
      );
    }
    const list = meterEvents.get(caller.account) ?? [];
    meterEvents.set(caller.account, list);
    const identifier = params.string('identifier') ?? stripeId('mev', 20);
    // [?] Stripe documents that it enforces identifier uniqueness but not the answer to a repeat; the
    // simulator answers with the first event and counts it once, so a retried report never bills twice.
    const repeat = list.find(
      (e) => e.identifier === identifier && e.created > state.nowSeconds() - IDENTIFIER_WINDOW_SECONDS,
    );
    if (repeat) return repeat;
    const event: MeterEvent = {
      object: 'billing.meter_event',
      created: state.nowSeconds(),
      event_name: eventName,
      identifier,
      livemode: false,
      payload: Object.fromEntries(Object.entries(payloadParams.values).map(([k, v]) => [k, String(v)])),
      timestamp,
    };
    list.push(event);
    return event;
  });

  return {
    /** The usage a meter aggregated for a customer over [start, end). */
    usage(account: string, meterId: string, customer: string, start: number, end: number): number {
      const meter = meters.get(meterId)?.object;
      if (!meter) return 0;
      const values = (meterEvents.get(account) ?? [])
        .filter(
          (e) =>
            e.event_name === meter.event_name &&
            e.payload[meter.customer_mapping.event_payload_key] === customer &&
            e.timestamp >= start &&
            e.timestamp < end,
        )
        .map((e) => Number(e.payload[meter.value_settings.event_payload_key]));
      if (meter.default_aggregation.formula === 'count') return values.length;
      if (meter.default_aggregation.formula === 'last') return values.at(-1) ?? 0;
      return values.reduce((sum, v) => sum + v, 0);
    },
    meterExists: (id: string, account: string) => meters.get(id)?.owner === account,
    /** A meter created directly for the sandbox's own catalogue, with a fixed id. */
    seedMeter(account: string, meter: Pick<Meter, 'id' | 'display_name' | 'event_name'>) {
      if (meters.has(meter.id)) return;
      const now = state.nowSeconds();
      meters.set(meter.id, {
        owner: account,
        object: {
          object: 'billing.meter',
          created: now,
          customer_mapping: { event_payload_key: 'stripe_customer_id', type: 'by_id' },
          default_aggregation: { formula: 'sum' },
          event_time_window: null,
          livemode: false,
          status: 'active',
          status_transitions: { deactivated_at: null },
          updated: now,
          value_settings: { event_payload_key: 'value' },
          ...meter,
        },
      });
    },
  };
}

export type Meters = ReturnType<typeof registerMeters>;
