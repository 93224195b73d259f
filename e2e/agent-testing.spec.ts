import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const cardButton = (page: Page) => page.getByRole('button', { name: 'Pay with Card' });
const bitcoinButton = (page: Page) => page.getByRole('button', { name: 'Pay with Bitcoin' });
const rows = (page: Page, method: 'Card (Stripe)' | 'Bitcoin Lightning') =>
  page.getByRole('row').filter({ hasText: method });

test('a merchant plays an agent at /testing/agent: a card paid, a card declined, a Lightning invoice paid in the sandbox', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInAsDemoMerchant(page);
  await page.goto('/testing/agent');
  await expect(page.getByRole('heading', { name: 'Agent test checkout', level: 1 })).toBeVisible();
  await expect(page.getByText('No test transactions yet. Try a test checkout above.')).toBeVisible();
  await expect(cardButton(page)).toBeEnabled();
  await expectNoSeriousAccessibilityViolations(page);

  // Card, approved: a test token minted on the demo merchant's own Stripe account pays the order.
  await cardButton(page).click();
  await expect(page.getByText('Test Successful')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Card test paid' })).toContainText(
    /the store created order \d+/,
  );
  await expect(rows(page, 'Card (Stripe)').first()).toContainText('paid');
  await expect(rows(page, 'Card (Stripe)').first()).toContainText('GBP 23.98');

  // Card, declined: the simulator's declining test card.
  await page.getByRole('combobox', { name: 'Test card' }).click();
  await page.getByRole('option', { name: 'Visa ending 0002 (declined)' }).click();
  await cardButton(page).click();
  const failure = page.getByRole('alert').filter({ hasText: 'Test failed' });
  await expect(failure).toContainText('[confirm]');
  await expect(failure).toContainText('declined');
  await expect(rows(page, 'Card (Stripe)').first()).toContainText('failed');

  // Bitcoin: the invoice's QR code, paid through the sandbox, then confirmed.
  await bitcoinButton(page).click();
  const invoice = page.getByRole('region', { name: 'Lightning invoice' });
  const qr = invoice.getByRole('img', { name: 'QR code of the Lightning payment request' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(invoice.getByRole('textbox', { name: 'Payment request' })).toHaveValue(/^lntb/);
  await expect(invoice.getByText('Waiting for payment...')).toBeVisible();
  await expect(invoice.getByText(/Expires in \d+:\d\d/)).toBeVisible();
  await expect(cardButton(page)).toBeDisabled();
  await expect(bitcoinButton(page)).toBeDisabled();
  await expect(rows(page, 'Bitcoin Lightning').first()).toContainText('pending');
  await expectNoSeriousAccessibilityViolations(page);

  await invoice.getByRole('button', { name: 'Pay this invoice (sandbox)' }).click();
  await expect(page.getByText('Payment Received')).toBeVisible();
  await expect(page.getByText('Bitcoin Lightning payment confirmed')).toBeVisible();
  await expect(invoice).toBeHidden();
  await expect(rows(page, 'Bitcoin Lightning').first()).toContainText('paid');
  await expect(bitcoinButton(page)).toBeEnabled();

  // The tab keeps its test transactions across a reload.
  await page.reload();
  await expect(rows(page, 'Card (Stripe)')).toHaveCount(2);
  await expect(rows(page, 'Bitcoin Lightning')).toHaveCount(1);
});
