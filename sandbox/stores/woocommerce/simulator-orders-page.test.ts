import { describe, expect, it } from 'vitest';
import {
  createWoocommerceSimulator,
  WOOCOMMERCE_SANDBOX_CONSUMER_KEY,
  WOOCOMMERCE_SANDBOX_CONSUMER_SECRET,
} from './simulator';

const READ_WRITE = `Basic ${Buffer.from(`${WOOCOMMERCE_SANDBOX_CONSUMER_KEY}:${WOOCOMMERCE_SANDBOX_CONSUMER_SECRET}`).toString('base64')}`;

function harness() {
  const { app } = createWoocommerceSimulator();
  const woo = async (path: string, json?: unknown) =>
    (
      await app.inject({
        method: json === undefined ? 'GET' : 'POST',
        url: `/wp-json/wc/v3/${path}`,
        headers: {
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'demo.woocommerce.sandbox',
          authorization: READ_WRITE,
        },
        ...(json === undefined ? {} : { payload: json as Record<string, unknown> }),
      })
    ).json<Record<string, unknown>>();
  const page = (name: string) => app.inject({ method: 'GET', url: `/__sim/stores/${name}/orders` });
  return { woo, page };
}

describe('GET /__sim/stores/:name/orders, the simulated store’s orders page', () => {
  it('says so when the store has no orders yet, with no key needed', async () => {
    const res = await harness().page('demo');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Trailhead Outdoor Co.: orders');
    expect(res.body).toContain('No orders yet.');
  });

  it('lists orders newest first with status and total in words, and the refunds each holds', async () => {
    const { woo, page } = harness();
    const [hammock] = (await woo('products?sku=HAMMOCK-SGL')) as unknown as { id: number }[];
    const first = await woo('orders', {
      set_paid: true,
      billing: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
      line_items: [{ product_id: hammock!.id, quantity: 2 }],
    });
    const second = await woo('orders', { line_items: [{ product_id: hammock!.id, quantity: 1 }] });
    await woo(`orders/${String(first.id)}/refunds`, {
      amount: '10.00',
      reason: 'Strap frayed',
      api_refund: false,
    });

    const html = (await page('demo')).body;
    expect(html.indexOf(`#${String(second.id)}`)).toBeLessThan(html.indexOf(`#${String(first.id)}`));
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('Processing');
    expect(html).toContain('Pending payment');
    expect(html).toContain('£88.00');
    expect(html).toMatch(/Refunded £10\.00 on \d{4}-\d\d-\d\d \d\d:\d\d · Strap frayed/);
    expect(html).toContain('Net £78.00');
  });

  it('keeps each store’s orders to itself and answers 404 for a name no store can have', async () => {
    const { woo, page } = harness();
    const [hammock] = (await woo('products?sku=HAMMOCK-SGL')) as unknown as { id: number }[];
    await woo('orders', { line_items: [{ product_id: hammock!.id, quantity: 1 }] });
    expect((await page('other-shop')).body).toContain('No orders yet.');
    const bad = await page('Not_A_Store');
    expect(bad.statusCode).toBe(404);
    expect(bad.body).toContain('No simulated store has this name.');
  });
});
