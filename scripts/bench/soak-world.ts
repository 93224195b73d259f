/**
 * The soak's view of the outside world, through the simulators' loopback addresses only: the switches
 * that take the store and the Lightning provider down and up, and the ledgers the verdict is counted
 * from (the store's orders, Stripe's PaymentIntents, OpenNode's invoices).
 */
import type { RunningSimulators } from '../../server/integrations/sandbox-network';
import { CHECKOUT_META_KEY } from '../../server/integrations/stores/woocommerce/mapping';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** What a phase does to the world: these systems down, the store slow (answers after `storeLatencyMs`). */
export interface Outage {
  storeDown?: boolean;
  lightningDown?: boolean;
  storeLatencyMs?: number;
}

export function assertLoopback(url: string) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]')
    throw new Error(`The soak only targets loopback; refusing ${url}`);
}

export function soakWorld(simulators: RunningSimulators) {
  const base = {
    store: simulators.simulators.woocommerce.baseUrl,
    stripe: simulators.simulators.stripe.baseUrl,
    opennode: simulators.simulators.opennode.baseUrl,
  };
  for (const url of Object.values(base)) assertLoopback(url);
  const stripeKey = simulators.credentials.stripe.secretKey!;
  const opennodeKey = simulators.credentials.opennode.apiKey!;

  async function control<T>(simBase: string, path: string, body: unknown = {}): Promise<T> {
    const res = await fetch(`${simBase}/__sim/${path}`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`simulator control ${path} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  return {
    control,
    base,

    /** Brings both up (which also clears latency), then applies the phase's outage. */
    async apply(outage: Outage) {
      await control(base.store, 'up');
      await control(base.opennode, 'up');
      if (outage.storeDown) await control(base.store, 'down');
      if (outage.storeLatencyMs) await control(base.store, 'latency', { ms: outage.storeLatencyMs });
      if (outage.lightningDown) await control(base.opennode, 'down');
    },

    mintToken: (amountMinor: number, currency: string) =>
      control<{ id: string }>(base.stripe, 'granted_tokens', {
        currency: currency.toLowerCase(),
        max_amount: amountMinor,
      }).then((t) => t.id),

    payInvoice: (invoiceId: string) => control(base.opennode, `charges/${encodeURIComponent(invoiceId)}/pay`),

    restock: (sku: string, quantity: number) =>
      control(base.store, `products/${encodeURIComponent(sku)}/stock`, { quantity }),

    /** The store's orders, by the AgentCart checkout they carry, with when each landed. */
    async storeOrdersByCheckout(): Promise<Map<string, { id: number; landedAt: number }[]>> {
      const { orders } = await control<{
        orders: { id: number; date_created_gmt: string; meta_data: { key: string; value: unknown }[] }[];
      }>(base.store, 'orders');
      const byCheckout = new Map<string, { id: number; landedAt: number }[]>();
      for (const order of orders) {
        const reference = order.meta_data.find((m) => m.key === CHECKOUT_META_KEY)?.value;
        if (typeof reference !== 'string') continue;
        const list = byCheckout.get(reference) ?? [];
        list.push({ id: order.id, landedAt: Date.parse(`${order.date_created_gmt}Z`) });
        byCheckout.set(reference, list);
      }
      return byCheckout;
    },

    /** Stripe's succeeded PaymentIntents for one checkout (found by its metadata, as reconciliation does). */
    async succeededCharges(checkoutId: string): Promise<number> {
      const query = encodeURIComponent(`metadata['checkout_id']:'${checkoutId}'`);
      const res = await fetch(`${base.stripe}/v1/payment_intents/search?query=${query}&limit=100`, {
        headers: { authorization: `Bearer ${stripeKey}` },
      });
      if (!res.ok) throw new Error(`Stripe search failed: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { status: string }[] };
      return data.filter((pi) => pi.status === 'succeeded').length;
    },

    /** Whether OpenNode has the invoice as paid. */
    async invoicePaid(invoiceId: string): Promise<boolean> {
      const res = await fetch(`${base.opennode}/v1/charge/${encodeURIComponent(invoiceId)}`, {
        headers: { authorization: opennodeKey },
      });
      if (!res.ok) throw new Error(`OpenNode charge ${invoiceId}: ${res.status} ${await res.text()}`);
      const { data } = (await res.json()) as { data: { status: string } };
      return data.status === 'paid';
    },
  };
}
export type SoakWorld = ReturnType<typeof soakWorld>;
