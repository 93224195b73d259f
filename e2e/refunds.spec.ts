import type { APIRequestContext, Page } from '@playwright/test';
import { agentCardPurchase } from './agent-order';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const SCREENS = '.tmp/screens/issue-24';
/** The demo merchant's Stripe account, connected to the platform (e2e/storefront.spec.ts). */
const DEMO_ACCOUNT = 'acct_1QaGcSandboxMerch';

/** The refunds the Stripe simulator holds on a PaymentIntent of the demo merchant's connected account. */
async function stripeRefundsOn(request: APIRequestContext, paymentIntent: string) {
  const sims = (await (await request.get('/__sim')).json()) as Record<string, { baseUrl: string }>;
  const credentials = (await (await request.get('/__sim/credentials')).json()) as {
    stripe: { platformSecretKey: string };
  };
  const res = await request.get(`${sims.stripe!.baseUrl}/v1/refunds?payment_intent=${paymentIntent}`, {
    headers: {
      authorization: `Bearer ${credentials.stripe.platformSecretKey}`,
      'stripe-account': DEMO_ACCOUNT,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { amount: number; status: string }[] }).data;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a merchant refunds one of two card items from the payments page; Stripe and analytics agree', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsDemoMerchant(page);
  // The agent is its own client, with no browser session.
  const { checkoutId } = await agentCardPurchase(request, { quantity: 2 });
  const listed = (await (await page.request.get('/api/payments?limit=50')).json()) as {
    payments: { id: string; checkout_id: string; provider_invoice_id: string; amount: number }[];
  };
  const payment = listed.payments.find((p) => p.checkout_id === checkoutId)!;
  expect(payment).toBeTruthy();

  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();
  const row = page
    .getByRole('table', { name: 'Payments, newest first' })
    .locator('tbody tr')
    .filter({ hasText: payment.provider_invoice_id.slice(0, 12) });
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
  const remaining = dialog.getByTestId('refund-remaining');
  await expect(remaining).toHaveText(`GBP ${(payment.amount / 100).toFixed(2)}`);
  await expect(dialog.getByText('No refunds of this payment yet.')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // One of the two items, back in stock, requested by the customer.
  await dialog.getByRole('radio', { name: 'Items' }).check();
  const quantity = dialog.getByRole('spinbutton', { name: /^How many of .* to refund$/ });
  await quantity.fill('1');
  await dialog.getByRole('switch', { name: 'Put the refunded items back in stock' }).click();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Requested by the customer' }).click();
  const submit = dialog.getByRole('button', { name: /^Refund GBP \d+\.\d\d$/ });
  const refundLabel = (await submit.textContent())!;
  const refundedText = refundLabel.replace('Refund ', '');
  const refundedMinor = Math.round(Number(refundedText.replace('GBP ', '')) * 100);
  expect(refundedMinor).toBeGreaterThan(0);
  expect(refundedMinor).toBeLessThan(payment.amount);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENS}/refund-dialog-1280.png` });
  // A double click is one submission: one refund.
  await submit.dblclick();

  await expect(dialog.getByText(`Refunded ${refundedText}.`)).toBeVisible();
  await expect(remaining).toHaveText(`GBP ${((payment.amount - refundedMinor) / 100).toFixed(2)}`);
  const refundsList = dialog.getByRole('list', { name: 'Refunds' });
  await expect(refundsList.getByRole('listitem')).toHaveCount(1);
  await expect(refundsList).toContainText(refundedText);
  await expect(refundsList).toContainText('Refunded');
  await expect(refundsList).toContainText('Requested by the customer');
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/refund-dialog-done-1280.png` });

  // Stripe holds exactly that one refund, for that amount.
  const atStripe = await stripeRefundsOn(request, payment.provider_invoice_id);
  expect(atStripe.map((r) => [r.amount, r.status])).toEqual([[refundedMinor, 'succeeded']]);

  // At 390 px the dialog fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(dialog).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SCREENS}/refund-dialog-390.png` });
  await page.keyboard.press('Escape');
  // The row says what was refunded.
  await expect(row).toContainText(`${refundedText} refunded`);
  await noSidewaysScroll(page);

  // The dashboard's order offers the same dialog, with what is left after the refund.
  await page.goto('/dashboard');
  const orders = page.getByRole('list', { name: 'Latest orders' });
  await orders.getByRole('listitem').first().getByRole('button', { name: 'Refund' }).click();
  await expect(dialog.getByTestId('refund-remaining')).toHaveText(
    `GBP ${((payment.amount - refundedMinor) / 100).toFixed(2)}`,
  );
  await expect(dialog.getByRole('list', { name: 'Refunds' }).getByRole('listitem')).toHaveCount(1);
  await noSidewaysScroll(page);
  await page.keyboard.press('Escape');
  await noSidewaysScroll(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/dashboard-orders-390.png` });

  // Analytics subtract the refund from revenue.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/analytics?days=7');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Net revenue');
  await expect(totals).toContainText(`Revenue less ${refundedText} refunded`);
  await page.screenshot({ path: `${SCREENS}/analytics-net-revenue-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await expectNoSeriousAccessibilityViolations(page);
});
