import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';

/** A merchant of its own per journey, so a plan bought here changes no other journey's merchant. */
async function newMerchant(page: Page, name: string): Promise<string> {
  await dismissCookieBanner(page);
  await page.goto('/auth');
  const email = uniqueEmail('billing');
  await signUpInBrowser(page, { name, email, password: 'Billing!Pass1' });
  await expect(page).not.toHaveURL(/\/auth/);
  return email;
}

/** Choose a plan on /pricing: Stripe's hosted Checkout opens in a new tab. */
async function openCheckout(page: Page, plan: 'Growth' | 'Scale') {
  await page.goto('/pricing');
  const card = page.getByRole('group', { name: plan });
  const [checkout] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('button', { name: `Choose ${plan}` }).click(),
  ]);
  await expect(checkout.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 15_000 });
  return checkout;
}
const openGrowthCheckout = (page: Page) => openCheckout(page, 'Growth');

/**
 * Runs the merchant's subscription to the end of its billing period on the sandbox's Stripe. The app
 * creates its customers without a test clock (production code has no clocks to create), and Stripe
 * cannot move a customer onto one later, so this is the simulator's control for clock-less
 * subscriptions (ADR 025): the same renewal a test clock's advance runs, at the period end.
 */
async function endBillingPeriod(request: APIRequestContext, email: string) {
  const simulators = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  const credentials = (await (await request.get('/__sim/credentials')).json()) as {
    stripe: { platformSecretKey: string };
  };
  const stripe = simulators.stripe!.baseUrl;
  const asPlatform = { authorization: `Bearer ${credentials.stripe.platformSecretKey}` };
  const customers = (await (
    await request.get(`${stripe}/v1/customers?email=${encodeURIComponent(email)}`, { headers: asPlatform })
  ).json()) as { data: { id: string }[] };
  const subscriptions = (await (
    await request.get(`${stripe}/v1/subscriptions?customer=${customers.data[0]!.id}`, { headers: asPlatform })
  ).json()) as { data: { id: string }[] };
  const advanced = await request.post(
    `${stripe}/__sim/subscriptions/${subscriptions.data[0]!.id}/advance_period`,
  );
  expect(advanced.ok(), await advanced.text()).toBe(true);
}

async function payWith(checkout: Page, cardNumber: string) {
  await checkout.getByLabel('Card number').fill(cardNumber);
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Subscribe' }).click();
}

const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Subscription' });

test('billing: a merchant upgrades to Growth through Stripe Checkout, then cancels at the period end in the portal', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newMerchant(page, 'Growth Bound Goods');

  await page.goto('/dashboard');
  await expect(subscriptionCard(page).getByRole('link', { name: 'View Plans' })).toBeVisible();
  await page.goto('/pricing');
  await expect(page.getByRole('button', { name: 'Choose Growth' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  const checkout = await openGrowthCheckout(page);
  await payWith(checkout, '4242 4242 4242 4242');
  await expect(checkout).toHaveURL(/\/dashboard\?checkout=success/, { timeout: 15_000 });
  await checkout.close();

  await page.goto('/dashboard');
  const card = subscriptionCard(page);
  await expect(async () => {
    await page.reload();
    await expect(card.locator('p').filter({ hasText: /^Growth$/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByText(/^(Active|Trial)$/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // Starter is the free plan, so going back to it is cancelling in the customer portal: it waits for
  // the end of the paid period.
  const [portal] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('button', { name: 'Manage Subscription' }).click(),
  ]);
  await portal.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(portal.getByText(/^Cancels on /)).toBeVisible({ timeout: 15_000 });
  await portal.close();
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/^Ends on /)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.locator('p').filter({ hasText: /^Growth$/ })).toBeVisible();
});

test('billing: a declined card is refused on the hosted page and the plan stays as it was', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newMerchant(page, 'Declined Card Goods');

  const checkout = await openGrowthCheckout(page);
  await payWith(checkout, '4000 0000 0000 0002');
  await expect(checkout.getByRole('alert')).toContainText(/declined/);
  await expect(checkout.getByRole('button', { name: 'Subscribe' })).toBeVisible();
  await checkout.close();

  await page.goto('/dashboard');
  const card = subscriptionCard(page);
  await expect(card.getByRole('link', { name: 'View Plans' })).toBeVisible();
  await expect(card.locator('p').filter({ hasText: /^(Free trial|Starter)$/ })).toBeVisible();
  await expect(card.locator('p').filter({ hasText: /^Growth$/ })).toBeHidden();
  await expect(card.getByText('Active', { exact: true })).toBeHidden();
});

// FIXME(issue 23): a Scale subscription bought during the free trial is now trialing, and this journey's
// downgrade-at-period-end steps were written for an active one; it times out. Rewrite it for the trial.
test('billing: a Scale merchant in the free trial downgrades to Growth in the portal, and the change waits for the trial end', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newMerchant(page, 'Scaled Back Goods');

  const checkout = await openCheckout(page, 'Scale');
  await payWith(checkout, '4242 4242 4242 4242');
  await expect(checkout).toHaveURL(/\/dashboard\?checkout=success/, { timeout: 15_000 });
  await checkout.close();

  // Bought in the trial: Scale, trialing until the trial's end, when the first payment is taken.
  await page.goto('/dashboard');
  const card = subscriptionCard(page);
  await expect(async () => {
    await page.reload();
    await expect(card.locator('p').filter({ hasText: /^Scale$/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  const trialLine = card.getByText(/^Free trial until .*, when the first payment is taken$/);
  const trialEnd = (await trialLine.textContent())!.replace(/^Free trial until (.*), when.*$/, '$1');

  const [portal] = await Promise.all([
    page.waitForEvent('popup'),
    card.getByRole('button', { name: 'Manage Subscription' }).click(),
  ]);
  await portal.getByRole('button', { name: /^Downgrade to AgentCart Growth/ }).click();
  await expect(portal.getByRole('status')).toHaveText(/^Your plan changes to AgentCart Growth on /, {
    timeout: 15_000,
  });
  // The portal keeps Scale until the period (here the trial) ends, as Stripe's does with a schedule.
  await expect(portal.getByText(/^Renews on .*; changes to AgentCart Growth then$/)).toBeVisible();
  await expectNoSeriousAccessibilityViolations(portal);
  await portal.close();

  // Until then the dashboard says Scale, still in its trial, and says when it becomes Growth.
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(`Changes to Growth on ${trialEnd}`)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.locator('p').filter({ hasText: /^Scale$/ })).toBeVisible();
  await expect(card.getByText('Trial', { exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // The trial ends: the first payment is Growth's, and the subscription is active.
  await endBillingPeriod(page.request, email);
  await expect(async () => {
    await page.reload();
    await expect(card.locator('p').filter({ hasText: /^Growth$/ })).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(card.locator('p').filter({ hasText: /^Scale$/ })).toBeHidden();
  await expect(card.getByText(/^Changes to /)).toBeHidden();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText(/^Renews on /)).toBeVisible();
});

/**
 * The merchant's own summary with a monthly invoice and held fees added: the monthly run that produces
 * them waits for the 1st of a month, and its work is covered by server/features/billing tests. Here the
 * card's rendering of them is checked in a real browser.
 */
async function withInvoiceAndHeldFees(page: Page) {
  await page.route('**/api/billing/summary', async (route) => {
    const response = await route.fetch();
    const summary = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: {
        ...summary,
        fee_invoices: [
          {
            id: 'in_e2eMonthly',
            month: '2026-10',
            status: 'open',
            currency: 'GBP',
            fees: 1234,
            overage: 250,
            amount_due: 1484,
            hosted_invoice_url: 'https://invoice.stripe.test/i/in_e2eMonthly',
            due_at: '2026-11-15T02:17:00.000Z',
          },
          {
            id: 'in_e2ePaid',
            month: '2026-09',
            status: 'paid',
            currency: 'GBP',
            fees: 980,
            overage: 0,
            amount_due: 980,
            hosted_invoice_url: 'https://invoice.stripe.test/i/in_e2ePaid',
            due_at: '2026-10-15T02:17:00.000Z',
          },
        ],
        held_fees: [{ currency: 'USD', amount: 47, reason: 'currency' }],
      },
    });
  });
}

for (const width of [1280, 390]) {
  test(`billing: the fees card shows the unpaid monthly invoice and held fees, and passes axe at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await newMerchant(page, 'Invoice Outfitters');
    await withInvoiceAndHeldFees(page);
    await page.goto('/dashboard');
    const fees = page.getByRole('region', { name: 'Fees', exact: true });
    const invoiced = fees.getByRole('region', { name: 'Invoiced' });
    await expect(invoiced.getByText('£12.34 in fees, £2.50 in overage, due 15 November 2026')).toBeVisible();
    await expect(invoiced.getByText('Unpaid')).toBeVisible();
    await expect(invoiced.getByText('Paid', { exact: true })).toBeVisible();
    await expect(invoiced.getByRole('link', { name: /Pay invoice/ })).toHaveAttribute(
      'href',
      'https://invoice.stripe.test/i/in_e2eMonthly',
    );
    await expect(
      fees
        .getByRole('region', { name: 'Held' })
        .getByText('$0.47 held: in USD; your billing currency is GBP'),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousAccessibilityViolations(page);
  });
}
