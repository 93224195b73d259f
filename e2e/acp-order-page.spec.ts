import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, test } from './fixtures';

/** The demo merchant's agent API key, from the e2e server's data directory (playwright.config.ts). */
const demoApiKey = () =>
  (JSON.parse(readFileSync('.tmp/e2e-data/demo.json', 'utf8')) as { apiKey: string }).apiKey;

/** Plays an ACP 2026-04-17 agent: a session for two demo products, paid by card; the completed session. */
async function completedAcpSession(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${demoApiKey()}`, 'api-version': '2026-04-17' };
  const post = (url: string, data: unknown) =>
    request.post(url, { headers: { ...headers, 'idempotency-key': randomUUID() }, data });
  const created = await post('/acp/checkout_sessions', {
    currency: 'gbp',
    line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
    buyer: { first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' },
    fulfillment_details: {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      address: {
        name: 'Grace Hopper',
        line_one: '7 Compiler Street',
        city: 'Manchester',
        state: 'Greater Manchester',
        country: 'GB',
        postal_code: 'M1 1AA',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const session = (await created.json()) as { id: string; totals: { type: string; amount: number }[] };
  const total = session.totals.find((x) => x.type === 'total')!.amount;

  // Sandbox only: the Stripe simulator mints the Shared Payment Token the buyer's assistant would hand over.
  const simulators = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  const granted = await request.post(`${simulators.stripe!.baseUrl}/__sim/granted_tokens`, {
    data: { currency: 'gbp', max_amount: total },
  });
  const { id: token } = (await granted.json()) as { id: string };

  const completed = await post(`/acp/checkout_sessions/${session.id}/complete`, {
    payment_data: {
      handler_id: 'card_spt',
      instrument: { type: 'card', credential: { type: 'spt', token } },
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  return (await completed.json()) as {
    id: string;
    status: string;
    order: { id: string; permalink_url: string };
  };
}

test.describe("an ACP buyer's order page", () => {
  test('opens from a completed session’s permalink_url and shows the order, its items and status', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const session = await completedAcpSession(request);
    expect(session.status).toBe('completed');
    const permalink = session.order.permalink_url;
    expect(permalink).toMatch(/\/order-status\/[0-9a-f]{64}$/);
    expect(permalink).not.toContain(session.id);
    expect(permalink).not.toContain(session.order.id);

    await dismissCookieBanner(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const response = await page.goto(permalink);
      expect(response!.headers()).toMatchObject({
        'cache-control': 'no-store',
        'x-robots-tag': 'noindex, nofollow',
        'referrer-policy': 'no-referrer',
      });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Order .+|Your order)$/);
      await expect(page.getByText(/^Order from /)).toBeVisible();
      await expect(page.getByText(/^(In progress|Accepted|Pending|Fulfilled)$/)).toBeVisible();
      const items = page.getByRole('region', { name: 'Items' });
      await expect(items.getByText(/^Qty 2 × GBP \d+\.\d{2}$/)).toBeVisible();
      await expect(items.getByText('Total', { exact: true })).toBeVisible();
      await expect(page.getByText('Going to Manchester, GB', { exact: false })).toBeVisible();
      // The link shows the order, not the buyer's contact details or street.
      for (const secret of ['grace@example.com', 'Hopper', 'Compiler Street', 'M1 1AA']) {
        await expect(page.getByText(secret, { exact: false })).toHaveCount(0);
      }
      expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
      await expectNoSeriousAccessibilityViolations(page);
      await page.screenshot({ path: `test-results/acp-order-page-${width}.png`, fullPage: true });
    }
  });

  test('says Order not found for a link that names no order', async ({ page, expectFailedResponses }) => {
    expectFailedResponses(404);
    await dismissCookieBanner(page);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/order-status/${'0'.repeat(64)}`);
      await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
      await expect(page.getByText(/We could not find this order/)).toBeVisible();
      await expectNoSeriousAccessibilityViolations(page);
      await page.screenshot({ path: `test-results/acp-order-page-not-found-${width}.png` });
    }
  });
});
