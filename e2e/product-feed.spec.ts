import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const productsTable = (page: Page) =>
  page.getByRole('table', { name: 'Products in your feed, with their problems' });
const deliveryLog = (page: Page) => page.getByRole('table', { name: 'Feed deliveries, newest first' });

async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, 'the page scrolls sideways as a whole').toBeLessThanOrEqual(clientWidth);
}

test('the demo merchant sees blocked products explained, pushes the feed and sees the agent accept it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemoMerchant(page);
  await page.getByRole('link', { name: 'Product feed' }).first().click();
  await expect(page).toHaveURL(/\/feed$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'What agents see of your catalogue' }),
  ).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });

  // Blocked products, each problem in words (the demo store's hip flask has no price).
  await page.getByRole('button', { name: /^Blocked/ }).click();
  await expect(page).toHaveURL(/status=blocked/);
  await expect(productsTable(page)).toContainText('No price in your store');
  for (const row of await productsTable(page).locator('tbody tr').all())
    await expect(row).toContainText('Blocked');

  // One product's exact JSON, as an agent receives it (the demo store's products are sent with warnings).
  await page.getByRole('button', { name: /^Warning/ }).click();
  await expect(page).toHaveURL(/status=warning/);
  await expect(productsTable(page).locator('tbody tr').first()).toContainText('Warning');
  await productsTable(page)
    .getByRole('button', { name: /^View JSON/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Feed record (JSON)' })).toBeVisible();
  await expect(dialog.getByLabel('Feed record as JSON')).toContainText('"variants"');
  await expectNoSeriousAccessibilityViolations(page);
  await page.keyboard.press('Escape');

  // Push now: the sandbox agent simulator creates the feed, accepts the products, and is read back.
  await page.getByRole('button', { name: 'Push now' }).click();
  const latest = deliveryLog(page).locator('tbody tr').first();
  await expect(latest).toContainText('Accepted', { timeout: 30_000 });
  await expect(latest).toContainText('Read back from the agent');
  await expect(latest).toContainText(/[1-9]\d* accepted, 0 rejected/);
  await page.screenshot({ path: '.tmp/screens/product-feed-1280.png', fullPage: true });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/feed');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 20_000 });
  await expectNoSidewaysScroll(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: '.tmp/screens/product-feed-390.png' });
  await deliveryLog(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: '.tmp/screens/product-feed-390-delivery.png' });
});
