import type { Browser, Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';
import { buyNow, offeredProduct, payWith, publishTwoProducts, verifySandboxStore } from './store-kit';

/**
 * Issue 23's "done means", as one new merchant lives it: two stores with WooCommerce kept selling, a test
 * order kept apart from the business, two products on the storefront and a shopper's sale that reaches
 * payments, analytics, the dashboard, a webhook and a notification, and Growth bought during the trial
 * (trialing, first charge at the trial's end). Each stop is photographed at 1280 and 390 px.
 */

const SCREENS = '.tmp/screens/issue-23';

async function photograph(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

async function analyticsOrders(page: Page, includeTest: boolean) {
  const res = await page.request.get(`/api/analytics?days=30${includeTest ? '&include_test=true' : ''}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { totals: { orders: number } }).totals.orders;
}

/** A signed-out shopper buys `product` with 4242 on the storefront at `store`. */
async function shopperBuys(browser: Browser, store: string, product: string) {
  const context = await browser.newContext();
  await context.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
  const shopper = await context.newPage();
  await shopper.goto(store);
  const checkout = await buyNow(shopper, product);
  await payWith(checkout, '4242 4242 4242 4242');
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(checkout.getByText('Order ID')).toBeVisible();
  await photograph(checkout, '07-storefront-success');
  await context.close();
}

test('one truth for the money: stores, a test order, a storefront sale and a trial subscription', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  await dismissCookieBanner(page);
  await page.goto('/auth');
  await signUpInBrowser(page, {
    name: 'One Truth Outfitters',
    email: uniqueEmail('truth'),
    password: 'OneTruth!Pass1',
  });
  await expect(page).toHaveURL(/\/onboarding$/);

  // Onboarding: cards through a new Stripe account (the storefront sells on it), then WooCommerce.
  await page.getByRole('switch', { name: 'Cards' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Connect your card provider')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(stepHeading(page, 'Connect your store')).toBeVisible();
  await verifySandboxStore(page);
  await page.getByRole('button', { name: 'Save & Continue' }).click();

  // The test order of step 4: paid, and marked test.
  await expect(stepHeading(page, 'Test order')).toBeVisible();
  await page.getByRole('button', { name: 'Use a test token' }).click();
  await page.getByRole('button', { name: 'Run Test Order' }).click();
  await expect(page.getByText(/Your store created order #\d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Check agent readiness')).toBeVisible();
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const apiKey = await page.getByLabel('New API key').inputValue();
  await page.getByRole('button', { name: 'Finish and go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The test order counts toward nothing: no allowance, no fee, no analytics unless asked for.
  const latest = page.getByRole('list', { name: 'Latest orders' }).getByRole('listitem');
  await expect(latest).toHaveCount(1);
  await expect(latest.first().getByText('Test', { exact: true })).toBeVisible();
  const summary = (await (await page.request.get('/api/billing/summary')).json()) as {
    usage: { count: number };
  };
  expect(summary.usage.count).toBe(0);
  expect(await analyticsOrders(page, false)).toBe(0);
  expect(await analyticsOrders(page, true)).toBe(1);
  await photograph(page, '01-dashboard-test-order');

  // A second store, saved beside WooCommerce, which stays the store agents sell from.
  expect(await offeredProduct(request, apiKey)).toContain('AgentCart Test Product');
  await page.goto('/setup-store?platform=custom');
  await verifySandboxStore(page);
  const question = page.getByRole('group', { name: 'Which store should agents sell from?' });
  await expect(question.getByRole('radio', { name: /Keep selling from WooCommerce/ })).toBeChecked();
  await photograph(page, '02-second-store-question');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expect(page.getByText('Store connected successfully!')).toBeVisible();
  const afterSecondStore = await offeredProduct(request, apiKey);
  expect(afterSecondStore).toContain('AgentCart Test Product');
  expect(afterSecondStore).not.toContain('Tasting Flight');
  await page.goto('/settings?tab=platform');
  const stores = page.getByRole('list', { name: 'Your stores' });
  await expect(stores.getByRole('listitem', { name: 'WooCommerce' }).getByText('Selling')).toBeVisible();
  await photograph(page, '03-settings-platform-selling');

  // Order webhooks to the sandbox's receiver, to see the storefront sale arrive.
  await page.goto('/settings?tab=webhooks');
  await page.getByRole('button', { name: 'Fill sandbox receiver' }).click();
  await page.getByRole('checkbox', { name: /order\.created/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webhook settings saved')).toBeVisible();

  // Two store products on the storefront.
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Quick links' })
    .getByRole('link', { name: /Storefront/ })
    .click();
  await expect(page).toHaveURL(/\/settings\?tab=storefront$/);
  const store = (await page.getByRole('link', { name: /View your storefront/ }).getAttribute('href'))!;
  const names = await publishTwoProducts(page);
  await expectNoSeriousAccessibilityViolations(page);
  await photograph(page, '04-settings-storefront');

  // A shopper buys the first one.
  await shopperBuys(browser, store, names[0]!);

  // The sale is the merchant's: in payments (live, no Test badge), analytics, the dashboard, a webhook and
  // a notification.
  await page.goto('/payments');
  const rows = page.getByRole('table', { name: 'Payments, newest first' }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('Test', { exact: true })).toHaveCount(0);
  await photograph(page, '05-payments-storefront-sale');
  await expect.poll(() => analyticsOrders(page, false), { timeout: 20_000 }).toBe(1);
  await page.goto('/dashboard');
  await expect(latest).toHaveCount(2);
  await expect(latest.filter({ hasNotText: 'Test' })).toHaveCount(1);
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/merchant-webhooks/deliveries');
        const { deliveries } = (await res.json()) as { deliveries: { event_type: string }[] };
        return deliveries.map((d) => d.event_type);
      },
      { timeout: 30_000 },
    )
    .toContain('order.created');
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/notifications');
        const { notifications } = (await res.json()) as { notifications: { event: string }[] };
        return notifications.filter((n) => n.event === 'new_order').length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(1);
  await photograph(page, '06-dashboard-storefront-sale');

  // Growth, bought during the 14-day trial: trialing, and the first charge when the trial ends.
  await page.goto('/pricing');
  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('group', { name: 'Growth' }).getByRole('button', { name: 'Choose Growth' }).click(),
  ]);
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /Subscribe|Start trial/ }).click();
  await expect(checkout).toHaveURL(/\/dashboard\?checkout=success/, { timeout: 15_000 });
  await checkout.close();
  const subscription = page.getByRole('region', { name: 'Subscription' });
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(subscription.locator('p').filter({ hasText: /^Growth$/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(subscription.getByText('Trial', { exact: true })).toBeVisible();
  await expect(
    subscription.getByText(/^Free trial until .*, when the first payment is taken$/),
  ).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await photograph(page, '08-dashboard-growth-trialing');
});
