import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  merchantIntegrations,
  merchants,
  notifications,
  orders,
  payments,
  refunds,
  sessions,
  webhookDeliveries,
} from '../db/schema/index';
import { LATEST_ACP_VERSION } from '../features/acp/versions/registry';
import { insertCheckout } from '../test/checkout-rows';
import { createTestApp, type TestApp } from '../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../test/merchant-kit';
import { recordRouteTables, type RegisteredRoute } from '../test/route-table';

/**
 * Every write that names one of a merchant's objects by id in its path, sent by a second merchant with
 * the first merchant's id, answers 404 (as for an id that does not exist) and changes nothing. The
 * table must name every such route the app registers, so a new one cannot be left out. Feature tests
 * keep their own cross-tenant cases for what they know best (bodies, messages); this is the whole list.
 */
interface TenantWrite {
  /** Creates the first merchant's object; returns its id. */
  create(owner: TestMerchant): Promise<string>;
  /** The object as it is now: another merchant's write must leave it exactly so. */
  state(id: string): Promise<unknown>;
  /** A body the route accepts, for routes that check their body before the id. */
  body?: object;
}

const delivery = (channel: 'merchant' | 'acp_agent') => ({
  async create(owner: TestMerchant) {
    const [row] = await t.db
      .insert(webhookDeliveries)
      .values({
        merchantId: owner.merchantId,
        channel,
        eventType: channel === 'merchant' ? 'order.created' : 'order_create',
        apiVersion: channel === 'acp_agent' ? LATEST_ACP_VERSION : null,
        url: `https://${owner.merchantId}.webhooks.sandbox/hook`,
        payload: '{}',
        status: 'failed',
        attempts: 1,
      })
      .returning();
    return row!.id;
  },
  state: (id: string) => t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)),
});

/** The owner's WooCommerce store, saved (its first store, so the one it sells from): its integration id. */
async function savedStore(owner: TestMerchant) {
  const saved = await dashboardRequest(t, owner.cookie, 'PUT', '/api/connections/stores/woocommerce', {
    credentials: t.simulators!.credentials.woocommerce,
  });
  return saved.json().integrationId as string;
}

/** A paid order of the owner, cancelled in the store and flagged when `flagged`; its state and refunds. */
const cancellableOrder = (body: object, flagged = false): TenantWrite => ({
  async create(owner) {
    const { orderId } = await insertCheckout(t, owner.merchantId, {
      createdAt: new Date(),
      payment: { method: 'stripe_spt', status: 'succeeded', invoiceId: 'pi_tenant_order' },
      order: { status: flagged ? 'CANCELLED' : 'ACCEPTED' },
    });
    if (flagged) {
      await t.db
        .update(orders)
        .set({ cancelledBy: 'store', cancelledAt: new Date(), storeCancellation: 'flagged' })
        .where(eq(orders.id, orderId!));
    }
    return orderId!;
  },
  state: (id) =>
    t.db
      .select({
        status: orders.status,
        cancelledBy: orders.cancelledBy,
        storeCancellation: orders.storeCancellation,
        refunds: sql<number>`(SELECT count(*)::int FROM ${refunds} WHERE ${refunds.orderId} = ${orders.id})`,
      })
      .from(orders)
      .where(eq(orders.id, id)),
  body,
});

const TENANT_WRITES: Record<string, TenantWrite> = {
  'POST /api/notifications/:id/read': {
    async create(owner) {
      const [row] = await t.db
        .insert(notifications)
        .values({
          merchantId: owner.merchantId,
          eventId: 'new_order',
          title: 'New order',
          body: 'Order #1001',
          inApp: true,
        })
        .returning();
      return row!.id;
    },
    state: (id) => t.db.select().from(notifications).where(eq(notifications.id, id)),
  },
  'DELETE /api/account/sessions/:id': {
    async create(owner) {
      const [row] = await t.db.select().from(sessions).where(eq(sessions.userId, owner.userId));
      return row!.id;
    },
    state: (id) => t.db.select().from(sessions).where(eq(sessions.id, id)),
  },
  'POST /api/merchant-webhooks/deliveries/:id/redeliver': delivery('merchant'),
  'POST /api/acp/webhook-deliveries/:id/redeliver': delivery('acp_agent'),
  'POST /api/connections/stores/:integrationId/check': {
    create: savedStore,
    state: (id) => t.db.select().from(merchantIntegrations).where(eq(merchantIntegrations.id, id)),
  },
  // The merchants selling from the store: its owner only, whoever else names it.
  'POST /api/connections/stores/:integrationId/selling': {
    create: savedStore,
    state: (id) =>
      t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.primaryIntegrationId, id)),
  },
  // A paid payment and how many refunds it has: another merchant's refund of it reserves nothing.
  'POST /api/payments/:id/refunds': {
    async create(owner) {
      const { checkoutId } = await insertCheckout(t, owner.merchantId, {
        createdAt: new Date(),
        payment: { method: 'stripe_spt', status: 'succeeded', invoiceId: 'pi_tenant' },
      });
      const [payment] = await t.db.select().from(payments).where(eq(payments.checkoutId, checkoutId));
      return payment!.id;
    },
    state: (id) =>
      t.db
        .select({
          id: payments.id,
          refunds: sql<number>`(SELECT count(*)::int FROM ${refunds} WHERE ${refunds.paymentId} = ${payments.id})`,
        })
        .from(payments)
        .where(eq(payments.id, id)),
    body: { reason: 'requested_by_customer' },
  },
  // An accepted, paid order: another merchant's cancel of it cancels and refunds nothing (ADR 056).
  'POST /api/orders/:id/cancel': cancellableOrder({ reason: 'requested_by_customer' }),
  // A store-cancelled order awaiting the merchant's decision: another merchant's decision changes nothing.
  'POST /api/orders/:id/store-cancellation': cancellableOrder({ decision: 'refund' }, true),
};

/** Writes with a path parameter that names no merchant's object by id, with where that is covered. */
const NOT_TENANT_IDS: Record<string, string> = {
  'PUT /api/connections/stores/:platform': "a platform name: the caller's own connection to it",
  'DELETE /api/connections/stores/:platform': "a platform name: the caller's own connection to it",
  'POST /api/storefront/:accountId/checkout': "the buyer's storefront, public by design",
  'POST /api/order-status/:token/refund-invoice':
    "the buyer's order link: its secret token is the credential (order-status tests)",
  'POST /webhooks/payments/:provider/:merchantId': "a provider's signed webhook, not a merchant's session",
  'POST /webhooks/payments/stripe/:merchantId':
    "Stripe's refund and dispute events, signed with the merchant's own endpoint secret and read back from Stripe with the merchant's key: stripe-webhook-signatures.test.ts",
  'POST /acp/checkout_sessions/:id': "an agent's API key: acp-protocol.test.ts, tenant isolation",
  'POST /acp/checkout_sessions/:id/complete': "an agent's API key: acp-protocol.test.ts, tenant isolation",
  'POST /acp/checkout_sessions/:id/cancel': "an agent's API key: acp-protocol.test.ts, tenant isolation",
  'PUT /ucp/checkout-sessions/:id': "an agent's API key: ucp-checkout.test.ts, tenant isolation",
  'POST /ucp/checkout-sessions/:id/complete': "an agent's API key: ucp-checkout.test.ts, tenant isolation",
  'POST /ucp/checkout-sessions/:id/cancel': "an agent's API key: ucp-checkout.test.ts, tenant isolation",
};

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
let routes: RegisteredRoute[];
let intruder: TestMerchant;
beforeAll(async () => {
  const recorder = recordRouteTables();
  t = await createTestApp({ jobs: false });
  recorder.stop();
  routes = recorder.routesOf(t.app);
  intruder = await newMerchant(t);
});
afterAll(() => t.close());

describe("another merchant's ids", () => {
  it('are tried on every write route that takes an id in its path', () => {
    const withParams = new Set(
      routes.filter((r) => WRITES.has(r.method) && r.url.includes('/:')).map((r) => `${r.method} ${r.url}`),
    );
    for (const excluded of Object.keys(NOT_TENANT_IDS)) expect(withParams, excluded).toContain(excluded);
    const tenantWrites = [...withParams].filter((route) => !(route in NOT_TENANT_IDS));
    expect(tenantWrites.sort()).toEqual(Object.keys(TENANT_WRITES).sort());
  });

  it.each(Object.entries(TENANT_WRITES))('%s answers 404 and changes nothing', async (route, write) => {
    const [method, url] = route.split(' ') as ['POST' | 'DELETE', string];
    const owner = await newMerchant(t);
    const id = await write.create(owner);
    const before = await write.state(id);
    expect(before).toHaveLength(1);
    const target = url.replace(/:\w+/, id);

    const foreign = await dashboardRequest(t, intruder.cookie, method, target, write.body);
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().error.code).toBe('not_found');
    expect(await write.state(id)).toEqual(before);

    // The id is the owner's own: the same request from the owner is not a 404.
    const own = await dashboardRequest(t, owner.cookie, method, target, write.body);
    expect(own.statusCode, own.body).not.toBe(404);
  });
});
