import { acpCardPurchase } from './agent-order';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, test } from './fixtures';

test.describe("an ACP buyer's order page", () => {
  test('opens from a completed session’s permalink_url and shows the order, its items and status', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const session = await acpCardPurchase(request, { quantity: 2 });
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
