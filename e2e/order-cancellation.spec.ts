import type { APIRequestContext, Page } from '@playwright/test';
import { acpSpecAvailable, officialWebhookValidator } from '../server/test/acp-official-schemas';
import { acpCardPurchase, acpRead, agentWebhookReceiver } from './agent-order';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';
import { stripeRefundsOn, wooCommerceOrder } from './sandbox-world';

/**
 * Order cancellations end to end (issue 24, ADR 056): an agent's card order from the demo merchant's
 * WooCommerce store, cancelled by the merchant from the payments page; Stripe refunds it, the store's
 * order ends cancelled, and the agent hears `canceled` with a cancellation adjustment. A fulfilled
 * order's Cancel order says why it cannot.
 */
const SCREENS = 'test-results/order-cancellation';
const POLL = { timeout: 60_000, intervals: [500, 1_000, 2_000] };

interface OrderRow {
  id: string;
  status: string;
  store_order_id: string | null;
  payment_id: string | null;
}
interface PaymentRow {
  id: string;
  amount: number;
  provider_invoice_id: string;
  test: boolean;
  order: { id: string } | null;
}

/** The merchant's order, once the store has it (the store write runs after the sale). */
async function orderInStore(page: Page, orderId: string): Promise<OrderRow & { store_order_id: string }> {
  let found: OrderRow | undefined;
  await expect
    .poll(async () => {
      const { orders } = (await (await page.request.get('/api/orders?limit=50')).json()) as {
        orders: OrderRow[];
      };
      found = orders.find((o) => o.id === orderId);
      return found?.store_order_id ?? null;
    }, POLL)
    .not.toBeNull();
  return found as OrderRow & { store_order_id: string };
}

async function paymentOf(page: Page, orderId: string): Promise<PaymentRow> {
  const { payments } = (await (
    await page.request.get('/api/payments?include_test=true&limit=100')
  ).json()) as {
    payments: PaymentRow[];
  };
  const payment = payments.find((p) => p.order?.id === orderId);
  expect(payment, `a payment for order ${orderId}`).toBeTruthy();
  return payment!;
}

/** The payment's row on /payments (test orders shown when it is one). */
async function paymentRowOn(page: Page, payment: PaymentRow) {
  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();
  if (payment.test) await page.getByRole('switch', { name: 'Include test orders' }).click();
  return page
    .getByRole('table', { name: 'Payments, newest first' })
    .locator('tbody tr')
    .filter({ hasText: payment.provider_invoice_id.slice(0, 12) });
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

/** The dialog fits the screen: nothing of it cut off sideways, its confirm button reachable. */
async function fitsTheScreen(page: Page, dialog: ReturnType<Page['getByRole']>) {
  const box = (await dialog.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  await noSidewaysScroll(page);
}

const storeOrdersPage = (page: Page) => page.goto('/__sim/woocommerce/stores/demo/orders');

test('a merchant cancels an agent’s card order: Stripe refunds it, the store cancels it, the agent is told', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemoMerchant(page);
  const agentEvents = await agentWebhookReceiver(page, `cancel-${Date.now()}`);
  // The agent is its own client, with no browser session.
  const session = await acpCardPurchase(request, { quantity: 2 });
  const order = await orderInStore(page, session.order.id);
  const payment = await paymentOf(page, order.id);
  const amount = `GBP ${(payment.amount / 100).toFixed(2)}`;

  const row = await paymentRowOn(page, payment);
  await row.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  // What will happen, in words, before anything does.
  const what = dialog.getByRole('region', { name: 'What will happen' });
  await expect(what.getByRole('listitem')).toHaveText([
    `The buyer is refunded ${amount}, everything left on the payment, to their card.`,
    'The order is cancelled in your store.',
    'The buyer’s agent is told the order is cancelled.',
  ]);
  const confirm = dialog.getByRole('button', { name: `Cancel order and refund ${amount}` });
  // A reason is asked for, and said so when missing.
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose a reason');
  await expectNoSeriousAccessibilityViolations(page);
  await dialog.getByRole('combobox', { name: 'Reason' }).click();
  await page.getByRole('option', { name: 'Requested by the customer' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);
  await fitsTheScreen(page, dialog);
  await page.screenshot({ path: `${SCREENS}/cancel-dialog-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await fitsTheScreen(page, dialog);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/cancel-dialog-390.png` });

  // A double click is one submission: one cancellation, one refund.
  await confirm.dblclick();
  await expect(page.getByText(`Order cancelled. ${amount} refunded.`)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText('Cancelled by you');
  await expect(row).toContainText('Refunded in full');
  await expect(row.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await noSidewaysScroll(page);
  await page.screenshot({ path: `${SCREENS}/payments-cancelled-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SCREENS}/payments-cancelled-1280.png` });

  // Stripe holds exactly one refund, of all of it.
  expect(
    (await stripeRefundsOn(request, payment.provider_invoice_id)).map((r) => [r.amount, r.status]),
  ).toEqual([[payment.amount, 'succeeded']]);

  // The store's own orders page shows the order cancelled (after its refund, so it does not end `refunded`).
  const storeRow = page.locator('tbody tr').filter({ hasText: `#${order.store_order_id} ` });
  await expect
    .poll(async () => {
      await storeOrdersPage(page);
      return (await storeRow.locator('td.status').textContent())?.trim();
    }, POLL)
    .toBe('Cancelled');
  await expect(storeRow).toContainText(`Refunded ${amount.replace('GBP ', '£')}`);
  await page.screenshot({ path: `${SCREENS}/store-orders-1280.png` });

  // The agent hears `canceled`, signed, with the refund and a cancellation adjustment (ACP 2026-04-17).
  type Update = { type: string; data: { status: string; adjustments?: Record<string, unknown>[] } };
  let events: Awaited<ReturnType<typeof agentEvents>> = [];
  await expect
    .poll(async () => {
      events = await agentEvents();
      return events.map((e) => (e.body as Update).data.status);
    }, POLL)
    .toContain('canceled');
  const update = events.find((e) => (e.body as Update).data.status === 'canceled')!;
  expect(update).toMatchObject({ signature_valid: true, status: 200 });
  expect(update.body).toMatchObject({
    type: 'order_update',
    data: {
      id: order.id,
      status: 'canceled',
      adjustments: expect.arrayContaining([
        expect.objectContaining({ type: 'refund', amount: payment.amount }),
        expect.objectContaining({
          id: `adj_cancel_${order.id}`,
          type: 'cancellation',
          status: 'completed',
          reason: 'requested_by_customer',
          line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
        }),
      ]),
    },
  });
  if (acpSpecAvailable) {
    const validate = officialWebhookValidator('2026-04-17');
    for (const event of events) expect(validate(event.body)).toEqual({ valid: true, errors: [] });
  }

  // The dashboard's latest orders show it cancelled, with nothing more to cancel.
  await page.goto('/dashboard');
  const listed = page
    .getByRole('list', { name: 'Latest orders' })
    .getByRole('listitem')
    .filter({ hasText: order.id.slice(0, 8) });
  await expect(listed).toContainText('Cancelled');
  await expect(listed.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});

/**
 * The shop owner ships the order in WooCommerce (`completed`); the agent's next read of its session
 * re-reads the store (refreshOrderFromStore), and the merchant's order becomes FULFILLED.
 */
async function fulfilInStore(page: Page, request: APIRequestContext, sessionId: string, order: OrderRow) {
  await wooCommerceOrder(request, order.store_order_id!, 'completed');
  await expect
    .poll(async () => {
      await acpRead(request, sessionId);
      const { orders } = (await (await page.request.get('/api/orders?limit=50')).json()) as {
        orders: OrderRow[];
      };
      return orders.find((o) => o.id === order.id)?.status;
    }, POLL)
    .toBe('FULFILLED');
}

test('a fulfilled order’s Cancel order is disabled and says why, on payments and the dashboard', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemoMerchant(page);
  const session = await acpCardPurchase(request);
  const order = await orderInStore(page, session.order.id);
  await fulfilInStore(page, request, session.id, order);
  const payment = await paymentOf(page, order.id);
  const why = 'This order has been fulfilled, so it can no longer be cancelled. Refund it instead.';

  const row = await paymentRowOn(page, payment);
  const cancel = row.getByRole('button', { name: 'Cancel order' });
  await expect(cancel).toBeDisabled();
  await expect(cancel).toHaveAccessibleDescription(why);
  // Refund stays the way to give money back.
  await expect(row.getByRole('button', { name: 'Refund' })).toBeEnabled();
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/payments-fulfilled-1280.png` });

  await page.goto('/dashboard');
  const listed = page
    .getByRole('list', { name: 'Latest orders' })
    .getByRole('listitem')
    .filter({ hasText: order.id.slice(0, 8) });
  await expect(listed.getByRole('button', { name: 'Cancel order' })).toBeDisabled();
  await expect(listed.getByRole('button', { name: 'Cancel order' })).toHaveAccessibleDescription(why);
  await page.setViewportSize({ width: 390, height: 844 });
  await noSidewaysScroll(page);
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/dashboard-fulfilled-390.png` });
});
