import type { APIRequestContext, Page } from '@playwright/test';
import { acpPost, agentCardPurchase, createAcpSession } from './agent-order';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { dismissCookieBanner, expect, test } from './fixtures';
import { sandboxCredentials, simulatorUrls, stripeRefundsOn } from './sandbox-world';

const SCREENS = '.tmp/screens/issue-24';

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

test('a merchant refunds one of two card items from the payments page; Stripe and analytics agree', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signInAsDemoMerchant(page);
  // Other journeys refund the demo merchant's orders too (a cancellation does): this one adds to theirs.
  const refundedBefore = await refundedOnAnalytics(page);
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
  await expect(totals).toContainText(
    `Revenue less GBP ${((refundedBefore + refundedMinor) / 100).toFixed(2)} refunded`,
  );
  await page.screenshot({ path: `${SCREENS}/analytics-net-revenue-1280.png`, fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await expectNoSeriousAccessibilityViolations(page);
});

/** An ACP 2026-04-17 agent buys one demo product by Lightning; the OpenNode simulator pays the invoice. */
async function lightningAcpPurchase(request: APIRequestContext) {
  const session = await createAcpSession(request, {
    details: {
      buyer: { first_name: 'Satoshi', last_name: 'Buyer', email: 'sats@example.com' },
      fulfillment_details: {
        name: 'Satoshi Buyer',
        email: 'sats@example.com',
        address: {
          name: 'Satoshi Buyer',
          line_one: '21 Block Street',
          city: 'Leeds',
          state: 'West Yorkshire',
          country: 'GB',
          postal_code: 'LS1 1AA',
        },
      },
    },
  });
  const invoiceId = session.capabilities.payment.handlers.find((h) => h.id === 'bitcoin_lightning')!.config
    .invoice!.id;
  const sims = await simulatorUrls(request);
  const paid = await request.post(`${sims.opennode}/__sim/charges/${invoiceId}/pay`, { data: {} });
  expect(paid.ok(), await paid.text()).toBe(true);
  const completed = await acpPost(request, `/acp/checkout_sessions/${session.id}/complete`, {
    payment_data: {
      handler_id: 'bitcoin_lightning',
      instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: invoiceId } },
    },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  const body = (await completed.json()) as { status: string; order: { permalink_url: string } };
  expect(body.status).toBe('completed');
  return { invoiceId, permalink: body.order.permalink_url };
}

test('a Lightning sale is refunded to the invoice the buyer gives on their order page; OpenNode pays it once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await signInAsDemoMerchant(page);
  const { invoiceId, permalink } = await lightningAcpPurchase(request);
  const listed = (await (
    await page.request.get('/api/payments?method=btc_opennode&include_test=true&limit=100')
  ).json()) as { payments: { id: string; provider_invoice_id: string; amount: number; test: boolean }[] };
  const payment = listed.payments.find((p) => p.provider_invoice_id === invoiceId)!;
  expect(payment).toBeTruthy();

  // The merchant refunds it all from the payments page; the refund waits for the buyer's invoice.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/payments');
  if (payment.test) await page.getByRole('switch', { name: 'Include test orders' }).click();
  const row = page
    .getByRole('table', { name: 'Payments, newest first' })
    .locator('tbody tr')
    .filter({ hasText: invoiceId.slice(0, 12) });
  await row.getByRole('button', { name: 'Refund' }).click();
  const dialog = page.getByRole('dialog', { name: 'Refund this payment' });
  await expect(dialog.getByText('The buyer collects a Lightning refund')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Requested by the customer' }).click();
  await dialog.getByRole('button', { name: /^Refund GBP \d+\.\d\d$/ }).click();
  // Nothing is left to refund once it is all held by the pending refund, which says what it waits for.
  await expect(dialog.getByTestId('refund-remaining')).toHaveText('GBP 0.00');
  const refundsList = dialog.getByRole('list', { name: 'Refunds' });
  await expect(refundsList).toContainText('Waiting for the buyer to give a Lightning invoice');
  await expect(refundsList).toContainText('sats at the rate the buyer paid at');
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/lightning-refund-dialog-1280.png` });
  await page.keyboard.press('Escape');

  // The buyer's order page (a stranger to the merchant's session) asks for an invoice for the sats.
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const buyer = await buyerContext.newPage();
  await dismissCookieBanner(buyer);
  await buyer.goto(new URL(new URL(permalink).pathname, page.url()).href);
  const form = buyer.getByRole('form', { name: 'Get your refund' });
  await expect(form).toBeVisible();
  await expect(form).toContainText(`GBP ${(payment.amount / 100).toFixed(2)}`);
  await expect(form).toContainText('at the rate you paid (1 BTC = £');
  const view = (await (
    await request.get(`/api/order-status/${new URL(permalink).pathname.split('/').at(-1)}`)
  ).json()) as { lightningRefunds: { amountSats: number }[] };
  const owed = view.lightningRefunds[0]!.amountSats;
  await expect(form).toContainText(`${owed.toLocaleString('en-GB')} sats`);
  await noSidewaysScroll(buyer);
  await expectNoSeriousAccessibilityViolations(buyer);
  await buyer.screenshot({ path: `${SCREENS}/buyer-get-refund-390.png`, fullPage: true });

  // The buyer's wallet (the OpenNode simulator) makes an invoice; one for another amount is refused first.
  const [sims, credentials] = await Promise.all([simulatorUrls(request), sandboxCredentials(request)]);
  const mint = async (amountSats: number) =>
    (
      (await (
        await request.post(`${sims.opennode}/__sim/invoices`, { data: { amount_sats: amountSats } })
      ).json()) as { payreq: string }
    ).payreq;
  const field = form.getByRole('textbox', { name: 'Lightning invoice' });
  await field.fill(await mint(owed + 5));
  await form.getByRole('button', { name: /^Get .* sats$/ }).click();
  await expect(form.getByText(/Make an invoice for exactly/)).toBeVisible();
  const payreq = await mint(owed);
  await field.fill(payreq);
  await form.getByRole('button', { name: /^Get .* sats$/ }).click();
  await expect(buyer.getByText('Paid to your wallet')).toBeVisible();
  await expect(form).toHaveCount(0);
  await buyer.screenshot({ path: `${SCREENS}/buyer-refund-paid-390.png`, fullPage: true });
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.screenshot({ path: `${SCREENS}/buyer-refund-paid-1280.png` });

  // OpenNode paid that invoice, once, for the sats owed.
  const withdrawals = (await (
    await request.get(`${sims.opennode}/v1/withdrawals`, {
      headers: { authorization: credentials.opennode.apiKey },
    })
  ).json()) as { data: { reference: string; amount: number; status: string }[] };
  expect(withdrawals.data.filter((w) => w.reference === payreq).map((w) => [w.amount, w.status])).toEqual([
    [owed, 'confirmed'],
  ]);

  // The merchant sees it refunded.
  await page.reload();
  if (payment.test) await page.getByRole('switch', { name: 'Include test orders' }).click();
  await row.getByRole('button', { name: 'Refunds' }).click();
  await expect(dialog.getByRole('list', { name: 'Refunds' })).toContainText('Refunded');
  await expect(dialog.getByTestId('refund-remaining')).toHaveText('GBP 0.00');
  await buyerContext.close();
});

/** The refunds Analytics shows for the last 7 days, in minor units. */
async function refundedOnAnalytics(page: Page): Promise<number> {
  await page.goto('/analytics?days=7');
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toContainText('Revenue less');
  const refunded = /Revenue less GBP (\d+\.\d\d) refunded/.exec((await totals.textContent()) ?? '');
  return refunded ? Math.round(Number(refunded[1]) * 100) : 0;
}
