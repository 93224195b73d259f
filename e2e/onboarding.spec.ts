import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** A new merchant, signed up in the browser and landed on /onboarding by the confirmation link. */
async function newMerchantOnOnboarding(page: Page, name: string) {
  await page.goto('/auth');
  await signUpInBrowser(page, { name, email: uniqueEmail('onboarding'), password: 'Onboard!Pass1' });
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Get ready to sell through AI agents' })).toBeVisible();
  await expect(page.getByText('You are the Merchant of Record.')).toBeVisible();
}

const stepHeading = (page: Page, name: string) => page.getByRole('heading', { name, level: 2 });

async function connectStore(page: Page) {
  await expect(stepHeading(page, 'Connect your store')).toBeVisible();
  await page.getByRole('button', { name: 'Fill sandbox credentials' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByRole('button', { name: 'Connection Verified' })).toBeVisible();
  await page.getByRole('button', { name: 'Save & Continue' }).click();
}

test('a new merchant onboards: Bitcoin, Stripe through hosted onboarding, WooCommerce, card and Bitcoin test orders', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newMerchantOnOnboarding(page, 'Five Minute Outfitters');
  await expectNoSeriousAccessibilityViolations(page);

  // Step 1: at least one method; Bitcoin asks for its provider with the settings page's form.
  await expect(stepHeading(page, 'Payment methods')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('At least one payment method must be enabled')).toBeVisible();
  await page.getByRole('switch', { name: 'Cards' }).click();
  await page.getByRole('switch', { name: 'Bitcoin Lightning' }).click();
  await page.getByRole('button', { name: 'Fill sandbox credentials' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection Verified')).toBeVisible();
  await page.getByRole('button', { name: 'Save Bitcoin Settings' }).click();
  await expect(page.getByText('Bitcoin payments enabled.')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: a new Stripe account, finished on the simulator's hosted onboarding page.
  await expect(stepHeading(page, 'Connect your card provider')).toBeVisible();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('button', { name: 'Complete onboarding' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);

  // Back from Stripe, the wizard resumes at the store (the card account is connected).
  await connectStore(page);

  // Step 4: a card test order with a sandbox token, then a Bitcoin one paid with Simulate Paid.
  await expect(stepHeading(page, 'Test order')).toBeVisible();
  await expect(page.getByLabel('Test SKU')).toHaveValue('TEST-PRODUCT-001');
  await expect(page.getByLabel('Amount')).toHaveValue('19.99');
  await page.getByRole('button', { name: 'Use a test token' }).click();
  await expect(page.getByLabel('Test Shared Payment Token')).toHaveValue(/^spt_/);
  await page.getByRole('button', { name: 'Run Test Order' }).click();
  await expect(page.getByText(/Your store created order #\d+/)).toBeVisible();

  await page.getByText('Bitcoin Lightning', { exact: true }).click();
  await page.getByRole('button', { name: 'Run Test Order' }).click();
  await expect(page.getByRole('img', { name: 'QR code of the Lightning payment request' })).toBeVisible();
  await expect(page.getByText('Waiting for payment...')).toBeVisible();
  await page.getByRole('button', { name: 'Simulate Paid (test only)' }).click();
  await expect(page.getByText('Payment simulated')).toBeVisible();
  await expect(page.getByText(/Your store created order #\d+/)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 5: the readiness panel, then Finish.
  await expect(stepHeading(page, 'Check agent readiness')).toBeVisible();
  await expect(page.getByText('API_KEY_MISSING')).toBeVisible();
  // The Generate button is on this step: the reason points to it, not to Settings.
  await expect(page.getByText('Generate an API key above: agents send it with every request.')).toBeVisible();
  await expect(page.getByText(/Settings › API/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Generate API key' }).click();
  await expect(page.getByLabel('New API key')).toHaveValue(/^ak_test_/);
  await expect(page.getByText('API_KEY_MISSING')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'Finish and go to dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Onboarding complete!')).toBeVisible();
  // The test orders are the merchant's own: badged Test in Recent Activity, and no usage spent.
  const latest = page.getByRole('list', { name: 'Latest orders' }).getByRole('listitem');
  await expect(latest).toHaveCount(2);
  for (const order of await latest.all())
    await expect(order.getByText('Test', { exact: true })).toBeVisible();
  const usage = (await (await page.request.get('/api/billing/summary')).json()) as {
    usage: { count: number };
  };
  expect(usage.usage.count).toBe(0);

  // Completed onboarding sends the merchant on to the dashboard.
  await page.goto('/onboarding');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('onboarding resumes where it was left after a reload at steps 2, 3 and 4', async ({ page }) => {
  test.setTimeout(90_000);
  await newMerchantOnOnboarding(page, 'Reload Supplies');
  await page.getByRole('switch', { name: 'Cards' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(stepHeading(page, 'Connect your card provider')).toBeVisible();

  await page.reload();
  await expect(stepHeading(page, 'Connect your card provider')).toBeVisible();
  const sandbox = (await (await page.request.get('/__sim/credentials')).json()) as {
    stripe: { secretKey: string };
  };
  await page.getByLabel('Stripe secret key').fill('pk_not_a_secret');
  await page.getByRole('button', { name: 'Verify & Connect' }).click();
  await expect(page.getByText('Invalid Stripe secret key format (must start with sk_)')).toBeVisible();
  await page.getByLabel('Stripe secret key').fill(sandbox.stripe.secretKey);
  await page.getByRole('button', { name: 'Verify & Connect' }).click();
  await expect(page.getByText('Shared Payment Token Capture Enabled')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(stepHeading(page, 'Connect your store')).toBeVisible();
  await page.reload();
  await connectStore(page);

  await expect(stepHeading(page, 'Test order')).toBeVisible();
  await page.reload();
  await expect(stepHeading(page, 'Test order')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading(page, 'Connect your store')).toBeVisible();
});

test('a card test order with a malformed token asks for an spt_ token', async ({ page }) => {
  await newMerchantOnOnboarding(page, 'Token Rules Ltd');
  const sandbox = (await (await page.request.get('/__sim/credentials')).json()) as {
    stripe: { secretKey: string };
  };
  await page.getByRole('switch', { name: 'Cards' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Stripe secret key').fill(sandbox.stripe.secretKey);
  await page.getByRole('button', { name: 'Verify & Connect' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await connectStore(page);
  await page.getByLabel('Test Shared Payment Token').fill('tok_visa');
  await page.getByLabel('Test SKU').fill('');
  await page.getByRole('button', { name: 'Run Test Order' }).click();
  await expect(page.getByText('Please enter a valid test SPT token (format: spt_...)')).toBeVisible();
  await expect(page.getByText('Please fill in test SKU and amount')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();

  // A well-formed token Stripe never issued fails with Stripe's own message, as the agent API does.
  await page.getByLabel('Test Shared Payment Token').fill('spt_doesnotexist123');
  await page.getByLabel('Test SKU').fill('TEST-PRODUCT-001');
  await page.getByRole('button', { name: 'Run Test Order' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: "No such shared_payment_granted_token: 'spt_doesnotexist123'" }),
  ).toBeVisible();
  await expect(page.getByText('Test order completed')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue' })).toBeDisabled();
});
