import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The store form on the page (onboarding or /setup-store) filled with sandbox credentials and verified. */
export async function verifySandboxStore(page: Page) {
  await page.getByRole('button', { name: 'Fill sandbox credentials' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('button', { name: 'Connection Verified' })).toBeVisible();
}

/** What an agent's offer for TEST-PRODUCT-001 answers: each store names the product its own way. */
export async function offeredProduct(request: APIRequestContext, apiKey: string): Promise<string> {
  const res = await request.post('/api/agent/offer', {
    headers: { authorization: `Bearer ${apiKey}` },
    data: {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1 9GU' },
    },
  });
  expect(res.status()).toBe(200);
  return JSON.stringify(await res.json());
}

/**
 * On Settings › Storefront: the first two store products that have a price switched on and published.
 * Their names, as the switches say them.
 */
export async function publishTwoProducts(page: Page): Promise<string[]> {
  const switches = page.getByRole('switch', { name: /^Sell .* on your storefront$/ });
  await expect(switches.first()).toBeVisible();
  const sellable = switches.and(page.locator(':not([disabled])'));
  const names: string[] = [];
  for (const toggle of (await sellable.all()).slice(0, 2)) {
    names.push((await toggle.getAttribute('aria-label'))!.replace(/^Sell (.*) on your storefront$/, '$1'));
    if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click();
  }
  expect(names).toHaveLength(2);
  await page.getByRole('button', { name: 'Publish to Storefront' }).click();
  await expect(page.getByText('Storefront updated')).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toHaveCount(2);
  return names;
}

/** Buy Now on a storefront product card: Stripe's hosted checkout opens in a new tab. */
export async function buyNow(page: Page, product: string) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `Buy Now: ${product}` }).click();
  const checkout = await opened;
  await expect(checkout.getByRole('heading', { name: /^Pay / })).toBeVisible();
  return checkout;
}

/** Pays the hosted checkout with `card` as a shopper would. */
export async function payWith(checkout: Page, card: string) {
  await checkout.getByLabel('Email').fill('shopper@example.test');
  await checkout.getByLabel('Card number').fill(card);
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Pay' }).click();
}
