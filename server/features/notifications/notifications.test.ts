import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  engineEvents,
  merchants,
  notificationDigestItems,
  notificationSlots,
  orders,
  securityEvents,
  users,
} from '../../db/schema/index';
import { fixedClock } from '../../lib/clock';
import { insertHistory } from '../../test/checkout-rows';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { EVENTUALLY_MS } from '../../test/eventually';
import {
  agentCheckout,
  agentRequest,
  dashboardRequest,
  mintSharedPaymentToken,
  newMerchant,
  simControl,
  type TestMerchant,
} from '../../test/merchant-kit';
import { merchantStore } from '../commerce/merchant-accounts';
import { deliverBillingNotices, notifyDepsOf, sendNotificationDigests } from './index';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

// The app's clock stands still unless a test moves it, so "within the hour" and "an hour later" are exact.
const clock = fixedClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t.close());

interface MailboxMessage {
  to: string;
  subject: string;
  text: string;
}

/** What the sandbox mailbox (`/__sim/mail.json`) shows was sent to `to` under `subject`. */
async function mailed(to: string, subject: string): Promise<MailboxMessage[]> {
  const res = await t.app.inject({ method: 'GET', url: '/__sim/mail.json' });
  expect(res.statusCode).toBe(200);
  return (res.json().messages as MailboxMessage[]).filter(
    (m) => m.to === to && m.subject === `${subject} · AgentCart`,
  );
}

/** Polls until `read` is `count` messages long (a busy machine relays events late), then returns it. */
function waitForMail(read: () => Promise<MailboxMessage[]>, count: number) {
  return vi.waitFor(
    async () => {
      const messages = await read();
      expect(messages).toHaveLength(count);
      return messages;
    },
    { timeout: EVENTUALLY_MS, interval: 250 },
  );
}

/** A settled look: nothing more arrives once the relay and the subscriber have had time to run. */
async function staysAt(read: () => Promise<unknown[]>, count: number) {
  for (let i = 0; i < 6; i++) {
    expect(await read()).toHaveLength(count);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

type Merchant = TestMerchant & { apiKey: string; email: string };

const withEmail = async <M extends TestMerchant>(m: M): Promise<M & { email: string }> => {
  const [user] = await t.db.select().from(users).where(eq(users.id, m.userId));
  return { ...m, email: user!.email };
};

/** A merchant agents can buy from (issuing API keys is limited to 10 a minute, so only where needed). */
const connectedMerchant = async (): Promise<Merchant> =>
  withEmail(await newMerchant(t, { connect: true, apiKey: true }));

/** A merchant that only signed up. */
const plainMerchant = async () => withEmail(await newMerchant(t));

async function paidOrder(m: Merchant): Promise<string> {
  const token = await mintSharedPaymentToken(t, 10_000);
  const { checkout } = await agentCheckout(t, m.apiKey, { method: 'stripe', shared_payment_token: token });
  const confirm = await agentRequest(t, m.apiKey, 'POST', '/api/agent/confirm', {
    checkout_id: checkout.checkout_id,
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return confirm.json().order_id as string;
}

const bell = async (m: TestMerchant) => {
  const res = await dashboardRequest(t, m.cookie, 'GET', '/api/notifications');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    notifications: { id: string; event: string; title: string; read_at: string | null }[];
    unread_count: number;
  };
};

const allOn = {
  new_order: { email: true, push: true, digest: false },
  order_fulfilled: { email: true, push: true },
  order_refunded: { email: true, push: true },
  refund_failed: { email: true, push: true },
  payment_disputed: { email: true, push: true },
  trial_ending: { email: true, push: true },
  usage_limit: { email: true, push: true },
  api_errors: { email: true, push: true },
  store_switched: { email: true, push: true },
};

describe('preferences', () => {
  it('start with every switch on, save the whole set, and record the change as a security event', async () => {
    const m = await plainMerchant();
    const initial = await dashboardRequest(t, m.cookie, 'GET', '/api/notifications/preferences');
    expect(initial.json()).toEqual({ preferences: allOn });

    const preferences = { ...allOn, new_order: { email: false, push: true, digest: false } };
    const saved = await dashboardRequest(t, m.cookie, 'PUT', '/api/notifications/preferences', {
      preferences,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ preferences });
    const [row] = await t.db.select().from(merchants).where(eq(merchants.id, m.merchantId));
    expect(row!.notificationPreferences).toEqual(preferences);
    const events = await t.db
      .select()
      .from(securityEvents)
      .where(
        and(eq(securityEvents.merchantId, m.merchantId), eq(securityEvents.name, 'notifications.updated')),
      );
    expect(events).toHaveLength(1);
    expect(events[0]!.type).toBe('settings_change');
  });

  it('refuses an incomplete or unknown set with 400, and signed-out or cross-site requests', async () => {
    const m = await plainMerchant();
    const put = (payload: object) =>
      dashboardRequest(t, m.cookie, 'PUT', '/api/notifications/preferences', payload);
    const { api_errors: _dropped, ...missing } = allOn;
    for (const payload of [
      { preferences: missing },
      { preferences: { ...allOn, surprise: { email: true, push: true } } },
      { preferences: { ...allOn, new_order: { email: 'yes', push: true } } },
      // Only orders can be taken as a digest.
      { preferences: { ...allOn, api_errors: { email: true, push: true, digest: true } } },
      {},
    ]) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/notifications/preferences' });
    expect(signedOut.statusCode).toBe(401);
    const crossSite = await t.app.inject({
      method: 'PUT',
      url: '/api/notifications/preferences',
      headers: { cookie: m.cookie, origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: { preferences: allOn },
    });
    expect(crossSite.statusCode).toBe(403);
  });
});

describe('new_order', () => {
  it('mails the merchant and adds an unread notification to the bell for every order: six orders, six of each', async () => {
    const m = await connectedMerchant();
    const orderId = await paidOrder(m);
    const [mail] = await waitForMail(() => mailed(m.email, 'New order'), 1);
    expect(mail!.text).toMatch(new RegExp(`^Order #${orderId.slice(0, 8)} for GBP \\d+\\.\\d{2} was paid`));
    expect(mail!.text).toContain('http://localhost:3000/dashboard');
    expect(await bell(m)).toMatchObject({
      unread_count: 1,
      notifications: [{ event: 'new_order', title: 'New order', read_at: null }],
    });

    for (let i = 0; i < 5; i++) await paidOrder(m);
    await waitForMail(() => mailed(m.email, 'New order'), 6);
    await staysAt(() => mailed(m.email, 'New order'), 6);
    expect(await bell(m)).toMatchObject({ unread_count: 6 });
    // Orders are occurrences, not a condition: they claim no hourly slot.
    const slots = await t.db
      .select()
      .from(notificationSlots)
      .where(eq(notificationSlots.merchantId, m.merchantId));
    expect(slots).toEqual([]);
  });

  it('bundles the orders into one notification an hour for a merchant who chose the digest', async () => {
    const m = await connectedMerchant();
    const saved = await dashboardRequest(t, m.cookie, 'PUT', '/api/notifications/preferences', {
      preferences: { ...allOn, new_order: { email: true, push: true, digest: true } },
    });
    expect(saved.json().preferences.new_order).toEqual({ email: true, push: true, digest: true });
    const orderIds: string[] = [];
    for (let i = 0; i < 3; i++) orderIds.push(await paidOrder(m));
    await vi.waitFor(
      async () => {
        const kept = await t.db
          .select()
          .from(notificationDigestItems)
          .where(eq(notificationDigestItems.merchantId, m.merchantId));
        expect(kept).toHaveLength(3);
      },
      { timeout: EVENTUALLY_MS },
    );
    expect(await mailed(m.email, 'New order')).toEqual([]);
    expect((await bell(m)).notifications).toEqual([]);

    await sendNotificationDigests(notifyDepsOf(t.services));
    await sendNotificationDigests(notifyDepsOf(t.services));
    const [digest] = await mailed(m.email, '3 new orders');
    for (const id of orderIds) expect(digest!.text).toContain(`Order #${id.slice(0, 8)}`);
    expect(await mailed(m.email, '3 new orders')).toHaveLength(1);
    expect(await bell(m)).toMatchObject({
      unread_count: 1,
      notifications: [{ event: 'new_order', title: '3 new orders' }],
    });

    // The next hour's orders make the next digest.
    await paidOrder(m);
    await vi.waitFor(
      async () => {
        await sendNotificationDigests(notifyDepsOf(t.services));
        expect(await mailed(m.email, '1 new order')).toHaveLength(1);
      },
      { timeout: EVENTUALLY_MS },
    );
    expect((await bell(m)).unread_count).toBe(2);
  });

  it('respects the switches: e-mail off sends no mail but still rings the bell; both off, nothing', async () => {
    const m = await connectedMerchant();
    await dashboardRequest(t, m.cookie, 'PUT', '/api/notifications/preferences', {
      preferences: { ...allOn, new_order: { email: false, push: true, digest: false } },
    });
    await paidOrder(m);
    await vi.waitFor(async () => expect((await bell(m)).unread_count).toBe(1), { timeout: EVENTUALLY_MS });
    await staysAt(() => mailed(m.email, 'New order'), 0);

    const quiet = await connectedMerchant();
    await dashboardRequest(t, quiet.cookie, 'PUT', '/api/notifications/preferences', {
      preferences: { ...allOn, new_order: { email: false, push: false, digest: false } },
    });
    const orderId = await paidOrder(quiet);
    // The order's event has been handed to the subscribers' queues; give them time to act on it.
    await vi.waitFor(
      async () => {
        const [event] = await t.db
          .select()
          .from(engineEvents)
          .where(and(eq(engineEvents.subjectId, orderId), eq(engineEvents.change, 'created')));
        expect(event?.relayedAt).toBeTruthy();
      },
      { timeout: EVENTUALLY_MS },
    );
    await staysAt(() => mailed(quiet.email, 'New order'), 0);
    expect((await bell(quiet)).notifications).toEqual([]);
  });
});

describe('the bell', () => {
  it("lists only the merchant's own notifications, and marks read only its own", async () => {
    const a = await connectedMerchant();
    const b = await plainMerchant();
    await paidOrder(a);
    const [notification] = await vi.waitFor(
      async () => {
        const list = (await bell(a)).notifications;
        expect(list).toHaveLength(1);
        return list;
      },
      { timeout: EVENTUALLY_MS },
    );
    expect((await bell(b)).notifications).toEqual([]);

    const foreign = await dashboardRequest(
      t,
      b.cookie,
      'POST',
      `/api/notifications/${notification!.id}/read`,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No such notification.');
    expect((await bell(a)).unread_count).toBe(1);
    const unknown = await dashboardRequest(t, a.cookie, 'POST', `/api/notifications/${randomUUID()}/read`);
    expect(unknown.statusCode).toBe(404);

    const malformed = await dashboardRequest(t, a.cookie, 'POST', '/api/notifications/not-an-id/read');
    expect(malformed.statusCode).toBe(400);

    const own = await dashboardRequest(t, a.cookie, 'POST', `/api/notifications/${notification!.id}/read`);
    expect(own.json()).toEqual({ unread_count: 0 });
    expect((await bell(a)).notifications[0]!.read_at).toEqual(clock.now().toISOString());
    const again = await dashboardRequest(t, a.cookie, 'POST', `/api/notifications/${notification!.id}/read`);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ unread_count: 0 });
  });

  it('sends each new notification on the dashboard stream as it is created', async () => {
    const m = await connectedMerchant();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const controller = new AbortController();
    try {
      const res = await fetch(`${address}/api/orders/stream`, {
        headers: { cookie: m.cookie },
        signal: controller.signal,
      });
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      const readUntil = async (needle: string) => {
        while (!text.includes(needle)) {
          const { value, done } = await reader.read();
          if (done) throw new Error(`stream ended before ${needle}: ${text}`);
          text += decoder.decode(value);
        }
      };
      await readUntil(': connected');
      await paidOrder(m);
      await readUntil('event: notification');
      const data = text.split('event: notification\ndata: ')[1]!.split('\n')[0]!;
      expect(JSON.parse(data)).toMatchObject({
        type: 'created',
        notification: { event: 'new_order', title: 'New order', read_at: null },
      });
    } finally {
      controller.abort();
    }
  });
});

describe('order_fulfilled', () => {
  it('mails once when the store fulfils an order, and not again for the same order', async () => {
    const m = await connectedMerchant();
    const orderId = await paidOrder(m);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const [merchant] = await t.db.select().from(merchants).where(eq(merchants.id, m.merchantId));
    const store = await merchantStore(t.services.engine, merchant!);
    await vi.waitFor(
      async () => {
        const [written] = await t.db.select().from(orders).where(eq(orders.id, orderId));
        expect(written!.storeOrderId).toBeTruthy();
      },
      { timeout: EVENTUALLY_MS },
    );
    await store.adapter.updateOrderStatus(store.ctx, order!.storeOrderId!, 'fulfilled');
    // The engine learns of the fulfilment when the order is next read from the store.
    const read = await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    expect(read.json().status).toBe('FULFILLED');

    const [mail] = await waitForMail(() => mailed(m.email, 'Order fulfilled'), 1);
    expect(mail!.text).toContain(`order #${orderId.slice(0, 8)}`);
    await agentRequest(t, m.apiKey, 'GET', `/api/agent/order/${orderId}`);
    await staysAt(() => mailed(m.email, 'Order fulfilled'), 1);
  });
});

describe('api_errors', () => {
  const badOffer = (m: Merchant) => agentRequest(t, m.apiKey, 'POST', '/api/agent/offer', { items: [] });

  it('mails once after more than 20 refused calls, and not again within the hour', async () => {
    const m = await connectedMerchant();
    for (let i = 0; i < 20; i++) expect((await badOffer(m)).statusCode).toBe(400);
    await staysAt(() => mailed(m.email, 'Agent API errors'), 0);
    await badOffer(m);
    await waitForMail(() => mailed(m.email, 'Agent API errors'), 1);
    for (let i = 0; i < 25; i++) await badOffer(m);
    await staysAt(() => mailed(m.email, 'Agent API errors'), 1);
  });

  it('mails once on a server error (the store is down), and not again within the hour', async () => {
    const m = await connectedMerchant();
    const { country, postcode } = { country: 'GB', postcode: 'N1 9GU' };
    const offer = () =>
      agentRequest(t, m.apiKey, 'POST', '/api/agent/offer', {
        items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
        shipping_to: { country, postcode },
      });
    await simControl(t, 'woocommerce', 'down');
    try {
      expect((await offer()).statusCode).toBeGreaterThanOrEqual(500);
      const [mail] = await waitForMail(() => mailed(m.email, 'Agent API errors'), 1);
      expect(mail!.text).toContain('failed on our side');
      expect((await offer()).statusCode).toBeGreaterThanOrEqual(500);
      await staysAt(() => mailed(m.email, 'Agent API errors'), 1);
    } finally {
      await simControl(t, 'woocommerce', 'up');
    }
  });
});

// Last: these move the app's clock.
describe('billing notices', () => {
  const deps = () => notifyDepsOf(t.services);

  it('trial_ending: mails once 3 days before the trial ends, however often the job runs', async () => {
    const m = await plainMerchant();
    // Signed up 11 days ago, in a 14-day trial.
    await t.db
      .update(merchants)
      .set({ createdAt: new Date(clock.now().getTime() - 11 * DAY_MS) })
      .where(eq(merchants.id, m.merchantId));
    await deliverBillingNotices(deps());
    const [mail] = await mailed(m.email, 'Your trial is ending');
    expect(mail!.text).toContain('Your free trial ends in 3 days');
    await deliverBillingNotices(deps());
    clock.advance(2 * HOUR_MS);
    await deliverBillingNotices(deps());
    expect(await mailed(m.email, 'Your trial is ending')).toHaveLength(1);
  });

  it('usage_limit: mails once at 80% and once at 100%, the second held back until the hour has passed', async () => {
    const m = await plainMerchant();
    const now = clock.now();
    const history = (n: number) =>
      Array.from({ length: n }, () => ({
        createdAt: now,
        method: 'stripe_spt',
        status: 'succeeded',
        order: { status: 'ACCEPTED' },
      }));
    await insertHistory(t.db, m.merchantId, history(20));
    await deliverBillingNotices(deps());
    await deliverBillingNotices(deps());
    const [at80] = await mailed(m.email, 'Monthly order limit at 80%');
    expect(at80!.text).toContain('You have used 20 of the 25 orders included this month.');

    await insertHistory(t.db, m.merchantId, history(5));
    await deliverBillingNotices(deps());
    expect(await mailed(m.email, 'Monthly order limit reached')).toHaveLength(0);
    clock.advance(HOUR_MS);
    await deliverBillingNotices(deps());
    await deliverBillingNotices(deps());
    expect(await mailed(m.email, 'Monthly order limit reached')).toHaveLength(1);
    expect(await mailed(m.email, 'Monthly order limit at 80%')).toHaveLength(1);
  });
});
