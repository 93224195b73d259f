import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';
import { offeredProduct, verifySandboxStore } from './store-kit';

/**
 * Issue 23, finding 1: a second store never silently becomes the one agents sell from (ADR 042). A new
 * merchant connects WooCommerce, adds the custom store keeping WooCommerce selling, sees the same
 * "Selling" marker on the dashboard, in Settings › Platform and on /setup-store, and an agent's offer
 * still answers WooCommerce's product.
 */

async function connectWithSandboxCredentials(page: Page, platform: string) {
  await page.goto(`/setup-store?platform=${platform}`);
  await verifySandboxStore(page);
}

test('a second store is saved beside the first, which stays the one agents sell from', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await page.goto('/auth');
  await dismissCookieBanner(page);
  await signUpInBrowser(page, {
    name: 'Two Stores Trading',
    email: uniqueEmail('stores'),
    password: 'Stores!Pass12',
  });
  await expect(page).toHaveURL(/\/onboarding/);

  // The first store: nothing to ask, it is the selling store.
  await connectWithSandboxCredentials(page, 'woocommerce');
  await expect(page.getByText('Which store should agents sell from?')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Store connected successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // An agent key, to ask for offers as an agent would.
  await page.goto('/settings?tab=api');
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const apiKey = await page.getByLabel('New API key').inputValue();
  expect(await offeredProduct(request, apiKey)).toContain('AgentCart Test Product');

  // The second store: the form asks, and keeping WooCommerce is the answer already chosen.
  await connectWithSandboxCredentials(page, 'custom');
  const question = page.getByRole('group', { name: 'Which store should agents sell from?' });
  await expect(question.getByRole('radio', { name: /Keep selling from WooCommerce/ })).toBeChecked();
  await expect(question.getByRole('radio', { name: /Sell from Custom API/ })).not.toBeChecked();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Store connected successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Agents still get WooCommerce's catalogue.
  const offered = await offeredProduct(request, apiKey);
  expect(offered).toContain('AgentCart Test Product');
  expect(offered).not.toContain('Tasting Flight');

  // The dashboard: both connected, WooCommerce marked Selling, Custom API one click from selling.
  const platforms = page.getByRole('list', { name: 'Store platforms' });
  const row = (name: string) => platforms.getByRole('listitem').filter({ hasText: name });
  await expect(row('WooCommerce').getByText('Selling', { exact: true })).toBeVisible();
  await expect(row('Custom API').getByText('Connected', { exact: true })).toBeVisible();
  await expect(row('Custom API').getByText('Selling', { exact: true })).toHaveCount(0);
  await expect(row('Custom API').getByRole('button', { name: 'Sell from Custom API' })).toBeVisible();

  // Settings › Platform and /setup-store: the same list, the same marker.
  for (const path of ['/settings?tab=platform', '/setup-store']) {
    await page.goto(path);
    const stores = page.getByRole('list', { name: 'Your stores' });
    await expect(stores.getByRole('listitem')).toHaveCount(2);
    await expect(stores.getByRole('listitem', { name: 'WooCommerce' }).getByText('Selling')).toBeVisible();
    await expect(stores.getByRole('listitem', { name: 'Custom API' }).getByText('Selling')).toHaveCount(0);
  }
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/settings?tab=platform');
    await expect(page.getByRole('list', { name: 'Your stores' })).toBeVisible();
    await expectNoSeriousAccessibilityViolations(page);
  }

  // Switching is the merchant's explicit act, and agents follow it.
  await page.getByRole('button', { name: 'Sell from Custom API' }).click();
  await expect(page.getByText('Agents now sell from Custom API.')).toBeVisible();
  await expect(
    page
      .getByRole('list', { name: 'Your stores' })
      .getByRole('listitem', { name: 'Custom API' })
      .getByText('Selling'),
  ).toBeVisible();
  await expect.poll(() => offeredProduct(request, apiKey), { timeout: 15_000 }).toContain('Tasting Flight');
});
