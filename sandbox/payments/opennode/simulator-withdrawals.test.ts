import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type RunningSimulator } from '../../simulator-kit';
import { createOpennodeSimulator, OPENNODE_SANDBOX_API_KEY } from './simulator';
import { readBolt11 } from '../simulator-lightning';
import { hashedOrder } from './signing';
import { OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY, type Withdrawal } from './simulator-withdrawals';

// Over HTTP against a started simulator, as the adapter (and OpenNode's own SDK) would call it.
const deliveries: { url: string; body: string }[] = [];
let running: RunningSimulator;
beforeAll(async () => {
  const sim = createOpennodeSimulator({ deliver: async (url, body) => void deliveries.push({ url, body }) });
  running = await startSimulator('opennode', sim.app);
});
afterAll(() => running.close());

async function control(path: string, body: unknown = {}) {
  const res = await fetch(`${running.baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

/** An API call; `data` is typed as the caller expects (a withdrawal unless told). */
async function api<T = Withdrawal>(
  method: string,
  path: string,
  body?: unknown,
  key = OPENNODE_SANDBOX_API_KEY,
) {
  const res = await fetch(`${running.baseUrl}${path}`, {
    method,
    headers: { authorization: key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return {
    status: res.status,
    body: (await res.json()) as { success?: boolean; message?: string; data: T },
  };
}

const invoice = async (amountSats: number, expiresInSeconds?: number) =>
  (
    (await control('invoices', { amount_sats: amountSats, expires_in_seconds: expiresInSeconds })) as {
      payreq: string;
    }
  ).payreq;

const balance = async () =>
  (await api<{ balance: { BTC: number } }>('GET', '/v1/account/balance')).body.data.balance.BTC;

const withdraw = (body: Record<string, unknown>, key?: string) =>
  api('POST', '/v2/withdrawals', { type: 'ln', ...body }, key);

const refused = (message: string) => ({ status: 400, body: { success: false, message } });

describe('opennode simulator withdrawals', () => {
  it('pays a fresh invoice: answers pending, then reads back confirmed, and the balance drops', async () => {
    const before = await balance();
    const payreq = await invoice(2500);
    expect(payreq).toMatch(/^lntb25000n1p[a-z0-9]+$/);
    const created = await withdraw({ address: payreq });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      type: 'ln',
      amount: 2500,
      fee: 3,
      reference: payreq,
      status: 'pending',
      processed_at: expect.any(Number),
      address: expect.stringMatching(/^02[0-9a-f]{64}$/),
    });
    const read = await api('GET', `/v1/withdrawal/${created.body.data.id}`);
    expect(read.body.data).toMatchObject({ id: created.body.data.id, status: 'confirmed', amount: 2500 });
    const after = await balance();
    expect(after).toBe(before - 2503);
  });

  it('shows a held withdrawal pending until it is settled, in GET and in the list', async () => {
    await control('withdrawals/next', { outcome: 'pending' });
    const { body } = await withdraw({ address: await invoice(1000) });
    const id = body.data.id;
    expect((await api('GET', `/v1/withdrawal/${id}`)).body.data.status).toBe('pending');
    await control(`withdrawals/${id}/settle`, { outcome: 'confirmed' });
    expect((await api('GET', `/v1/withdrawal/${id}`)).body.data.status).toBe('confirmed');
    const list = (await api<Withdrawal[]>('GET', '/v1/withdrawals')).body.data;
    expect(list.find((w) => w.id === id)?.status).toBe('confirmed');
  });

  it('delivers the signed withdrawal callback on settle, and on a failure gives the sats back', async () => {
    await control('withdrawals/next', { outcome: 'pending' });
    const callback = 'http://merchant.test/opennode/withdrawals';
    const payreq = await invoice(4000);
    const { body } = await withdraw({ address: payreq, callback_url: callback });
    const id = body.data.id;
    const held = await balance();
    expect(deliveries.filter((d) => d.url === callback)).toEqual([]);

    await control(`withdrawals/${id}/settle`, { outcome: 'failed' });
    const sent = deliveries.filter((d) => d.url === callback).map((d) => new URLSearchParams(d.body));
    expect(sent).toHaveLength(1);
    expect(Object.fromEntries(sent[0]!)).toMatchObject({
      id,
      type: 'ln',
      amount: '4000',
      reference: payreq,
      status: 'failed',
      error: 'timeout',
      hashed_order: hashedOrder(OPENNODE_SANDBOX_API_KEY, id),
    });
    expect((await api('GET', `/v1/withdrawal/${id}`)).body.data.status).toBe('failed');
    expect(await balance()).toBe(held + 4004);
    // A failed payment leaves the invoice unpaid: it can be paid again.
    expect((await withdraw({ address: payreq })).status).toBe(200);
  });

  it('delivers the confirmed callback after answering when a withdrawal settles at once', async () => {
    const callback = 'http://merchant.test/opennode/at-once';
    const { body } = await withdraw({ address: await invoice(700), callback_url: callback });
    await vi.waitFor(() => expect(deliveries.filter((d) => d.url === callback)).toHaveLength(1));
    const fields = new URLSearchParams(deliveries.find((d) => d.url === callback)!.body);
    expect(fields.get('id')).toBe(body.data.id);
    expect(fields.get('status')).toBe('confirmed');
    expect(fields.get('hashed_order')).toBe(hashedOrder(OPENNODE_SANDBOX_API_KEY, body.data.id));
  });

  it('refuses an amount that is not the invoice amount', async () => {
    expect(await withdraw({ address: await invoice(1000), amount: 999 })).toMatchObject(
      refused('amount 999 does not match the payment request amount of 1000 sats'),
    );
  });

  it('takes the amount for an invoice without one, and requires it', async () => {
    const payreq = await invoice(0);
    expect(await withdraw({ address: payreq })).toMatchObject(
      refused('amount is required for a payment request without an amount'),
    );
    expect((await withdraw({ address: payreq, amount: 321 })).body.data.amount).toBe(321);
  });

  it('refuses an invoice it knows has expired', async () => {
    expect(await withdraw({ address: await invoice(1000, -1) })).toMatchObject(
      refused('Lightning payment request has expired'),
    );
  });

  it('refuses to pay the same invoice twice', async () => {
    const payreq = await invoice(1200);
    expect((await withdraw({ address: payreq })).status).toBe(200);
    expect(await withdraw({ address: payreq })).toMatchObject(
      refused('Lightning payment request already paid'),
    );
  });

  it.each([
    ['not an invoice', 'hello'],
    ['a Bitcoin address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['a leading-zero amount', `lntb0100n1p${'q'.repeat(60)}`],
    ['characters outside bech32', `lntb100n1p${'b'.repeat(60)}`],
  ])('refuses a malformed invoice (%s)', async (_what, address) => {
    expect(await withdraw({ address })).toMatchObject(refused('Invalid lightning payment request'));
  });

  it('refuses a withdrawal larger than the balance (amount plus fee)', async () => {
    await control('balance', { sats: 1000 });
    try {
      expect(await withdraw({ address: await invoice(1000) })).toMatchObject(refused('Insufficient balance'));
      expect((await withdraw({ address: await invoice(999) })).status).toBe(200);
    } finally {
      await control('balance', { sats: 100_000_000 });
    }
  });

  it('refuses a key without the withdrawals permission, which still reads the balance', async () => {
    const res = await withdraw({ address: await invoice(500) }, OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY);
    expect(res).toMatchObject({
      status: 403,
      body: { success: false, message: 'API key does not have the withdrawals permission' },
    });
    expect(
      (await api('GET', '/v1/account/balance', undefined, OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY)).status,
    ).toBe(200);
    expect((await withdraw({ address: await invoice(500) }, 'not-a-key')).status).toBe(401);
  });

  it("keeps one account's withdrawals from another key", async () => {
    const { body } = await withdraw({ address: await invoice(100) });
    const other = await api(
      'GET',
      `/v1/withdrawal/${body.data.id}`,
      undefined,
      OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY,
    );
    expect(other).toMatchObject({ status: 404, body: { success: false, message: 'Withdrawal not found' } });
  });
});

describe('reading a BOLT11 invoice', () => {
  it.each([
    // The testnet invoice in OpenNode's "Paying via Lightning" guide: 100 nano-BTC.
    [
      'lntb100n1pw0fl34pp5p8u6alsp6vr7ngevp82lu6kz7j4ryla0dgpg9es0jq70shs39xzsdqqcqzpgxqyz5vqm5egyvdadnnvrecqdzamwl6guhhvkpja0s9e0vu6g0ay75kegzfnhjykdveagfj8rt9nay0yvu8j94shsvj3ghxu306y2pac02nq85qq7m8tsc',
      10,
    ],
    [`lnbc2500u1p${'q'.repeat(60)}`, 250_000],
    [`lnbc20m1p${'q'.repeat(60)}`, 2_000_000],
    [`LNBC20M1P${'Q'.repeat(60)}`, 2_000_000],
    [`lnbc1p${'q'.repeat(60)}`, null],
    [`lnbc1500p1p${'q'.repeat(60)}`, 1],
  ])('reads %s as %s sats', (payreq, sats) => {
    expect(readBolt11(payreq)?.amountSats).toBe(sats);
  });

  it('refuses mixed case, which bech32 forbids, and a pico amount that is not a whole msat', () => {
    expect(readBolt11(`lnbc20M1p${'q'.repeat(60)}`)).toBeNull();
    expect(readBolt11(`lnbc1501p1p${'q'.repeat(60)}`)).toBeNull();
  });
});
