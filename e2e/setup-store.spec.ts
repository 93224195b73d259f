import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const PLATFORMS = ['WooCommerce', 'Shopify', 'BigCommerce', 'Magento', 'Custom API'] as const;

/** The sandbox credentials a simulated store accepts, as its own GET /__sim lists them. */
async function sandboxCredentials(request: APIRequestContext, simulator: string) {
  const simulators = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  const listing = await request.get(`${simulators[simulator]!.baseUrl}/__sim`);
  return ((await listing.json()) as { credentials: Record<string, string> }).credentials;
}

const testButton = (page: Page) => page.getByRole('button', { name: 'Test Connection' });
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save & Continue' });

test('a merchant connects a store at /setup-store: missing fields, a failing test, a passing one, then save', async ({
  page,
  request,
  expectFailedResponses,
}) => {
  // The refused test answers 422, which the browser logs as a console error.
  expectFailedResponses(422);
  await signInAsDemoMerchant(page);
  await page.goto('/setup-store');
  await expect(page.getByRole('heading', { name: 'Connect your store', level: 1 })).toBeVisible();
  await expect(testButton(page)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  for (const platform of PLATFORMS) {
    await page.getByRole('tab', { name: new RegExp(`^${platform}`) }).click();
    await testButton(page).click();
    await expect(page.getByRole('alert')).toContainText(`Please fill in all ${platform} credentials`);
    await expect(saveButton(page)).toBeDisabled();
  }
  for (const platform of ['Shopify', 'BigCommerce', 'Magento']) {
    await expect(page.getByRole('tab', { name: new RegExp(`^${platform}.*coming soon`) })).toBeVisible();
  }

  // A coming-soon platform's test works against its simulator, but saving it is refused.
  const shopify = await sandboxCredentials(request, 'shopify');
  await page.getByRole('tab', { name: /^Shopify/ }).click();
  await page.getByLabel('Store name').fill(shopify.storeName!);
  await page.getByLabel('Admin API access token').fill(shopify.accessToken!);
  await testButton(page).click();
  await expect(page.getByRole('button', { name: 'Connection Verified' })).toBeVisible();
  await expect(saveButton(page)).toBeDisabled();
  await expect(page.getByText('Shopify is coming soon and cannot be connected yet.')).toBeVisible();

  const woo = await sandboxCredentials(request, 'woocommerce');
  await page.getByRole('tab', { name: 'WooCommerce' }).click();
  await expect(page.getByLabel('Consumer secret')).toHaveAttribute('type', 'password');
  await page.getByLabel('Store URL').fill(`${woo.storeUrl}/`);
  await page.getByLabel('Consumer key').fill(woo.consumerKey!);
  await page.getByLabel('Consumer secret').fill(`cs_${'0'.repeat(40)}`);
  await testButton(page).click();
  await expect(page.getByRole('alert')).toContainText('Connection failed: 401 Unauthorized');
  await expect(saveButton(page)).toBeDisabled();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByLabel('Consumer secret').fill(woo.consumerSecret!);
  await testButton(page).click();
  await expect(page.getByRole('button', { name: 'Connection Verified' })).toBeVisible();
  await expect(page.getByText('WooCommerce is properly configured and responding.')).toBeVisible();
  await saveButton(page).click();
  await expect(page.getByText('Store connected successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the platform is picked from a list, and the page stays accessible', async ({ page }) => {
    await signInAsDemoMerchant(page);
    await page.goto('/setup-store?platform=custom');
    await expect(page.getByLabel('API endpoint')).toBeVisible();
    await expect(page.getByRole('tablist')).toBeHidden();
    await page.getByRole('combobox', { name: 'Platform' }).click();
    await page.getByRole('option', { name: /Magento/ }).click();
    await expect(page).toHaveURL(/platform=magento/);
    await expect(page.getByLabel('Integration access token')).toHaveAttribute('type', 'password');
    await expectNoSeriousAccessibilityViolations(page);
  });
});
