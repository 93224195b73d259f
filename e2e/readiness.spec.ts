import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const panel = (page: Page) => page.getByRole('region', { name: 'Agent readiness' });
const statusBadge = (page: Page) => panel(page).getByRole('status', { name: /^Status: / });

/** Opens a new window from the panel and answers the JSON it shows. */
async function jsonShownBy(page: Page, button: string) {
  const [popup] = await Promise.all([
    page.context().waitForEvent('page'),
    panel(page)
      .getByRole('button', { name: new RegExp(`^${button}`) })
      .click(),
  ]);
  await expect(popup.locator('pre')).not.toHaveText(/^Loading/);
  return JSON.parse((await popup.locator('pre').textContent())!) as Record<string, unknown>;
}

test('the demo merchant checks agent readiness on the dashboard, opens the agent documents and switches Bitcoin', async ({
  page,
}) => {
  await signInAsDemoMerchant(page);
  await page.goto('/dashboard');
  await expect(statusBadge(page)).toHaveText(/Ready|Degraded|Blocked/);
  await expect(panel(page).getByRole('list', { name: 'Services' }).getByRole('listitem')).toHaveCount(4);
  await expect(panel(page).getByText('Card provider (Stripe)')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // Refresh runs a new check (its x-request-id comes back in the answer).
  const [check] = await Promise.all([
    page.waitForResponse((r) => r.url().endsWith('/api/readiness') && r.ok()),
    panel(page).getByRole('button', { name: 'Refresh' }).click(),
  ]);
  expect(check.request().headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(((await check.json()) as { request_id: string }).request_id).toBe(
    check.request().headers()['x-request-id'],
  );
  await expect(panel(page).getByRole('button', { name: 'Refresh' })).toBeEnabled();

  const [discovery] = await Promise.all([
    page.context().waitForEvent('page'),
    panel(page)
      .getByRole('link', { name: /^Discovery/ })
      .click(),
  ]);
  await expect(discovery).toHaveURL(/\/\.well-known\/agent-commerce\.json$/);
  expect(await jsonShownBy(page, 'Health')).toMatchObject({
    status: expect.any(String),
    checks: expect.any(Object),
  });
  expect(await jsonShownBy(page, 'OpenAPI')).toMatchObject({ openapi: '3.1.0' });

  // A toggle round trip: Bitcoin flipped and flipped back, the merchant reloaded and readiness rechecked.
  const bitcoin = panel(page).getByRole('switch', { name: 'Bitcoin Lightning' });
  const wasOn = (await bitcoin.getAttribute('aria-checked')) === 'true';
  for (const next of [!wasOn, wasOn]) {
    const [saved] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/merchant/payment-methods')),
      page.waitForResponse((r) => r.url().endsWith('/api/readiness')),
      bitcoin.click(),
    ]);
    expect(saved.ok()).toBe(true);
    await expect(bitcoin).toHaveAttribute('aria-checked', String(next));
    await expect(bitcoin).toBeEnabled();
  }
  await expect(statusBadge(page)).toHaveText(/Ready|Degraded|Blocked/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the panel fits and stays accessible', async ({ page }) => {
    await signInAsDemoMerchant(page);
    await page.goto('/dashboard');
    await expect(statusBadge(page)).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousAccessibilityViolations(page);
  });
});
