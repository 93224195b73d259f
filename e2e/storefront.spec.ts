import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { dismissCookieBanner, expect, test } from './fixtures';
import { buyNow, payWith, publishTwoProducts } from './store-kit';

/** The demo merchant's Stripe account: connected to the platform, seeded with a few products. */
const DEMO_ACCOUNT = 'acct_1QaGcSandboxMerch';
const STORE = `/storefront/${DEMO_ACCOUNT}`;

/** The sandbox's Stripe, read as the platform would (its secret key, the connected account's header). */
async function stripeAsPlatform(request: APIRequestContext) {
  const simulators = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  const credentials = (await (await request.get('/__sim/credentials')).json()) as {
    stripe: { platformSecretKey: string };
  };
  return async <T>(path: string, account?: string): Promise<T> => {
    const res = await request.get(`${simulators.stripe!.baseUrl}${path}`, {
      headers: {
        authorization: `Bearer ${credentials.stripe.platformSecretKey}`,
        ...(account ? { 'stripe-account': account } : {}),
      },
    });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a shopper buys from the storefront with 4242, sees the order, and the platform takes 10%', async ({
  page,
}) => {
  await page.goto(STORE);
  // The merchant's shop: its name heads the page (another journey may be renaming the demo merchant),
  // with no AgentCart navigation and no Stripe account id in sight.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Demo Out/);
  await expect(page.getByRole('link', { name: 'Start for Free' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText('acct_');
  const card = (name: string) =>
    page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  const mug = card('Insulated Camp Mug');
  await expect(mug.getByText('£18.50')).toBeVisible();
  const giftCard = card('Gift Card');
  await expect(giftCard.getByText('Price not set')).toBeVisible();
  await expect(giftCard.getByRole('button', { name: 'Buy Now: Gift Card' })).toBeDisabled();
  await expectNoSeriousAccessibilityViolations(page);

  const checkout = await buyNow(page, 'Insulated Camp Mug');
  await expectNoSeriousAccessibilityViolations(checkout);
  await payWith(checkout, '4242 4242 4242 4242');
  await expect(checkout).toHaveURL(new RegExp(`${STORE}/success\\?session_id=cs_test_`));
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  await expect(
    checkout.getByText('Thank you for your purchase. Your order has been confirmed.'),
  ).toBeVisible();
  const sessionId = new URL(checkout.url()).searchParams.get('session_id')!;
  // The buyer is given the merchant's order number, never Stripe's session id.
  await expect(checkout.getByText('Order ID')).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Copy order number' })).toBeVisible();
  await expect(checkout.getByText(sessionId)).toHaveCount(0);
  await expect(checkout.locator('body')).not.toContainText(/acct_|cs_test_/);
  await expectNoSeriousAccessibilityViolations(checkout);

  // The connected account's ledger: the charge, with the platform's 10% application fee taken from it.
  const stripe = await stripeAsPlatform(page.request);
  const session = await stripe<{ payment_intent: { latest_charge: string } }>(
    `/v1/checkout/sessions/${sessionId}?expand[]=payment_intent`,
    DEMO_ACCOUNT,
  );
  const charge = session.payment_intent.latest_charge;
  const ledger = await stripe<{
    data: { amount: number; fee_details: { type: string; amount: number }[] }[];
  }>(`/v1/balance_transactions?source=${charge}`, DEMO_ACCOUNT);
  expect(ledger.data[0]!.amount).toBe(1850);
  expect(ledger.data[0]!.fee_details).toContainEqual(
    expect.objectContaining({ type: 'application_fee', amount: 185 }),
  );
  const fees = await stripe<{ data: { amount: number; account: string }[] }>(
    `/v1/application_fees?charge=${charge}`,
  );
  expect(fees.data).toEqual([expect.objectContaining({ amount: 185, account: DEMO_ACCOUNT })]);

  await checkout.getByRole('link', { name: 'Continue Shopping' }).click();
  await expect(checkout).toHaveURL(new RegExp(`${STORE}$`));
});

test('the hosted checkout declines 0002 and lets the shopper through 3-D Secure with 3155', async ({
  page,
}) => {
  await page.goto(STORE);
  const checkout = await buyNow(page, 'Trail Daypack 22L');
  await payWith(checkout, '4000 0000 0000 0002');
  await expect(checkout.getByRole('alert')).toHaveText('Your card was declined.');

  await payWith(checkout, '4000 0025 0000 3155');
  await expect(checkout.getByRole('heading', { name: '3-D Secure authentication' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(checkout);
  await checkout.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
});

test('a forged session id never reads as a success', async ({ page, expectFailedResponses }) => {
  expectFailedResponses(404);
  await page.goto(`${STORE}/success?session_id=cs_test_forgedSession000000000000`);
  await expect(page.getByRole('heading', { name: 'Order not found' })).toBeVisible();
  await expect(page.getByText('Payment Successful!')).toHaveCount(0);
});

test('an unknown store says so', async ({ page, expectFailedResponses }) => {
  expectFailedResponses(404);
  await page.goto('/storefront/acct_notAStore0000');
  await expect(page.getByRole('heading', { name: 'Store not found' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
});

test('a merchant publishes two store products, a shopper buys one, and the sale is in Payments', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsDemoMerchant(page);
  await page.goto('/dashboard');
  await page
    .getByRole('navigation', { name: 'Quick links' })
    .getByRole('link', { name: /Storefront/ })
    .click();
  await expect(page).toHaveURL(/\/settings\?tab=storefront$/);
  await expect(page.getByRole('link', { name: /View your storefront/ })).toHaveAttribute(
    'href',
    new RegExp(`${STORE}$`),
  );

  // The first two store products that have a price go on the storefront.
  const names = await publishTwoProducts(page);
  await expectNoSeriousAccessibilityViolations(page);

  // A shopper (another browser, not signed in) buys the first one.
  const shopperContext = await browser.newContext();
  await shopperContext.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
  const shopper = await shopperContext.newPage();
  await shopper.goto(STORE);
  for (const name of names) await expect(shopper.getByRole('heading', { name, exact: true })).toBeVisible();
  const checkout = await buyNow(shopper, names[0]!);
  await payWith(checkout, '4242 4242 4242 4242');
  await expect(checkout.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
  const sessionId = new URL(checkout.url()).searchParams.get('session_id')!;
  await expect(checkout.getByText('Order ID')).toBeVisible();
  await expect(checkout.getByRole('button', { name: 'Copy order number' })).toBeVisible();
  await expect(checkout.getByText(sessionId)).toHaveCount(0);
  await expect(checkout.locator('body')).not.toContainText(/acct_|cs_test_/);
  await shopperContext.close();

  // The merchant's payments history has the sale, by its Stripe payment.
  const stripe = await stripeAsPlatform(page.request);
  const session = await stripe<{ payment_intent: string }>(
    `/v1/checkout/sessions/${sessionId}`,
    DEMO_ACCOUNT,
  );
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Payments, newest first' }).locator('tbody tr').first(),
  ).toContainText(session.payment_intent.slice(0, 12));
});
