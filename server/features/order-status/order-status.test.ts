import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusOutput } from '#common/api/order-status';
import { acpSessions, merchants, orders } from '../../db/schema/index';
import { acpRequest, eventsAt, expectAcpShape, merchantWithAgent } from '../../test/acp-kit';
import { acpSpecAvailable, officialWebhookValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { mintSharedPaymentToken } from '../../test/merchant-kit';
import { ACP_VERSION_MODULES, type AcpVersion } from '../acp';
import { ORDER_STATUS_MESSAGES } from './order-status';

/** With the job worker running, so order events reach the agent simulator as they do in production. */
let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'agentcart-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

let ip = 0;
/** Each read from its own client address unless one is given, so the per-address limit is not shared. */
const read = (url: string, remoteAddress = `10.91.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`) =>
  t.app.inject({ method: 'GET', url, remoteAddress });
const apiPath = (token: string) => `/api/order-status/${token}`;
const tokenOf = (permalink: string) => new URL(permalink).pathname.split('/').at(-1)!;

/** A card-paid session of `version`, completed through the ACP API as an agent does it. */
async function completedSession(version: AcpVersion) {
  const { examples } = ACP_VERSION_MODULES.find((m) => m.version === version)!;
  const m = await merchantWithAgent(t);
  const created = await acpRequest(t, m.apiKey, version, 'POST', '/acp/checkout_sessions', {
    ...examples.create('TEST-PRODUCT-001'),
  });
  expect(created.statusCode, created.body).toBe(201);
  const session = created.json();
  const total = session.totals.find((x: { type: string }) => x.type === 'total').amount as number;
  const completed = await acpRequest(
    t,
    m.apiKey,
    version,
    'POST',
    `/acp/checkout_sessions/${session.id}/complete`,
    examples.payByCard(await mintSharedPaymentToken(t, total)),
  );
  expect(completed.statusCode, completed.body).toBe(200);
  expectAcpShape(version, 'CheckoutSessionWithOrder', completed.json());
  const [row] = await t.db.select().from(acpSessions).where(eq(acpSessions.id, session.id));
  return { m, session: completed.json(), row: row!, total };
}

describe.each(ACP_VERSION_MODULES.map((m) => m.version))('ACP %s', (version) => {
  it("links the completed session and its order event to the buyer's order page, which shows the order", async () => {
    const { m, session, row, total } = await completedSession(version);
    const permalink = session.order.permalink_url as string;
    expect(permalink).toMatch(new RegExp(`^${t.config.publicUrl}/order-status/[0-9a-f]{64}$`));
    for (const id of [session.id, session.order.id, m.merchantId, row.checkoutId]) {
      expect(permalink).not.toContain(id);
    }

    const [event] = await eventsAt(t, m.host, 1);
    expect(event!.body).toMatchObject({ data: { permalink_url: permalink } });
    if (acpSpecAvailable)
      expect(officialWebhookValidator(version)(event!.body)).toEqual({ valid: true, errors: [] });

    // A session read repeats the same link: it is the session's, not made per answer.
    const again = await acpRequest(t, m.apiKey, version, 'GET', `/acp/checkout_sessions/${session.id}`);
    expect(again.json().order.permalink_url).toBe(permalink);

    const page = await read(new URL(permalink).pathname);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });

    const res = await read(apiPath(tokenOf(permalink)));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
    const view = orderStatusOutput.parse(res.json());
    expect(view).toMatchObject({
      merchantName: (await t.db.select().from(merchants).where(eq(merchants.id, m.merchantId)))[0]!.name,
      currency: 'GBP',
      items: [{ quantity: 1 }],
      total,
      refunded: 0,
      deliverTo: { city: 'London', country: 'GB' },
      tracking: null,
    });
    expect(view.subtotal + view.shipping.amount).toBe(total);
    expect(['IN_PROGRESS', 'ACCEPTED']).toContain(view.status);

    // Nothing a shared link should give away: the buyer's contact details and street, or any internal id.
    for (const secret of ['ada@example.com', 'Lovelace', 'Analytical', 'SW1A', m.merchantId, session.id]) {
      expect(res.body).not.toContain(secret);
    }
    for (const id of [session.order.id, row.checkoutId]) expect(res.body).not.toContain(id);
  });
});

describe('the order-status API', () => {
  it('answers an unknown and a malformed token with the same 404, and hostile input with a 400', async () => {
    const unknown = 'f'.repeat(64);
    for (const token of [unknown, 'abc', 'F'.repeat(64), `${unknown}0`]) {
      const res = await read(apiPath(token));
      expect(res.statusCode, token).toBe(404);
      expect(res.json().error.message).toBe(ORDER_STATUS_MESSAGES.notFound);
    }
    // Longer than any route parameter: no route at all, still a 404.
    expect((await read(apiPath('x'.repeat(300)))).statusCode).toBe(404);
    expect((await read(apiPath('%00'))).statusCode).toBe(400);
    // The page itself is served for any token (it reads the API); it is never a 5xx.
    expect((await read(`/order-status/${unknown}`)).statusCode).toBe(200);
  });

  it("shows the store's tracking, and never a link that is not http(s)", async () => {
    const { row } = await completedSession('2026-04-17');
    const token = row.orderPageToken;
    const track = async (url: string | null) => {
      await t.db
        .update(orders)
        .set({ status: 'FULFILLED', tracking: { carrier: 'Royal Mail', number: 'RM123GB', url } })
        .where(eq(orders.checkoutId, row.checkoutId!));
      return (await read(apiPath(token))).json();
    };
    expect(await track('https://track.example/RM123GB')).toMatchObject({
      status: 'FULFILLED',
      tracking: { carrier: 'Royal Mail', number: 'RM123GB', url: 'https://track.example/RM123GB' },
    });
    expect((await track('javascript:alert(1)')).tracking).toEqual({
      carrier: 'Royal Mail',
      number: 'RM123GB',
      url: null,
    });
  });

  it('limits reads per client address, as the other public endpoints do', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1)
      statuses.push((await read(apiPath('0'.repeat(64)), '10.92.0.1')).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
