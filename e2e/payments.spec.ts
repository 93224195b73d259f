import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

/** A dashboard API call as the web app makes it: the page's session cookie and our own origin. */
async function dashboardPost(page: Page, path: string, data: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request.post(path, { data, headers: { origin } });
  expect(res.ok(), await res.text()).toBe(true);
  return res.json();
}

/** One paid card checkout and one open Lightning invoice, through the agent tester's API. */
async function takePayments(page: Page) {
  const { token } = await dashboardPost(page, '/api/agent-tests/test-token', {
    amount: 29.99,
    currency: 'GBP',
    card: 'visa',
  });
  const card = await dashboardPost(page, '/api/agent-tests/acp-flow', {
    payment_method: 'stripe',
    test_spt: token,
  });
  expect(card.status).toBe('ACCEPTED');
  const lightning = await dashboardPost(page, '/api/agent-tests/acp-flow', { payment_method: 'bitcoin' });
  expect(lightning.requires_payment).toBe(true);
  return { lightningInvoiceId: lightning.invoice_id as string };
}

const table = (page: Page) => page.getByRole('table', { name: 'Payments, newest first' });
const bodyRows = (page: Page) => table(page).locator('tbody tr');

test('a merchant filters the payments history, copies a Lightning payment request and exports CSV', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  await signInAsDemoMerchant(page);
  const { lightningInvoiceId } = await takePayments(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);

  await page.goto('/payments');
  await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();
  // The tester's payments are the merchant's own tests: listed only with Include test orders, badged Test.
  const testInvoice = page.getByText(lightningInvoiceId.slice(0, 12));
  await expect(testInvoice).toHaveCount(0);
  await page.getByRole('switch', { name: 'Include test orders' }).click();
  await expect(bodyRows(page).first()).toContainText('Lightning (OpenNode)');
  await expect(bodyRows(page).first()).toContainText(lightningInvoiceId.slice(0, 12));
  await expect(bodyRows(page).first().getByText('Test', { exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  // Status filters: every row shown carries the chosen status.
  await page.getByRole('button', { name: 'Paid', exact: true }).click();
  await expect(bodyRows(page).first()).toContainText('Card (Stripe)');
  for (const row of await bodyRows(page).all()) await expect(row).toContainText('Paid');
  await page.getByRole('button', { name: 'Pending', exact: true }).click();
  await expect(bodyRows(page).first()).toContainText(lightningInvoiceId.slice(0, 12));

  // Method filter, then a day range that ends before any payment: nothing matches.
  await page.getByRole('combobox', { name: 'Method' }).click();
  await expect(page.getByRole('option', { name: /btc_/ })).toHaveCount(0);
  await page.getByRole('option', { name: 'Lightning (OpenNode)' }).click();
  for (const row of await bodyRows(page).all()) await expect(row).toContainText('Lightning (OpenNode)');
  await expect(page.locator('main')).not.toContainText(/btc_|stripe_spt/);

  // The filters are in the URL: a reload (or the link shared) shows the same selection.
  await expect(page).toHaveURL(/status=PENDING/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Pending', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('combobox', { name: 'Method' })).toHaveText('Lightning (OpenNode)');
  await expect(page.getByRole('switch', { name: 'Include test orders' })).toHaveAttribute(
    'aria-checked',
    'true',
  );

  // The copy control puts the invoice's payment request on the clipboard.
  await bodyRows(page).first().getByRole('button', { name: 'Copy request' }).click();
  await expect(page.getByText('Payment request copied to clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^lntb/);

  // The export carries what the filters select.
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  const csv = await page.request.get((await exportLink.getAttribute('href'))!);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await csv.text();
  expect(text).toContain(lightningInvoiceId);
  expect(text).not.toContain('stripe_spt');
  const [header, ...lines] = text.split('\r\n');
  const testColumn = header!.split(',').indexOf('test');
  expect(testColumn).toBeGreaterThan(-1);
  // No exported field holds a comma, so a plain split finds the column.
  expect(lines.find((line) => line.includes(lightningInvoiceId))!.split(',')[testColumn]).toBe('"true"');

  await page.getByLabel('To (UTC)').fill('2020-01-01');
  await expect(page.getByText('No payments match these filters.', { exact: false })).toBeVisible();
  // Clearing the filters leaves the tests out again.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByRole('switch', { name: 'Include test orders' })).toHaveAttribute(
    'aria-checked',
    'false',
  );
  await expect(testInvoice).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();
  // The table scrolls inside its card; nothing in it (a visually hidden header) widens the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAccessibilityViolations(page);
});

test("a merchant opens a payment's buyer, and that read of buyer data is logged", async ({ page }) => {
  test.setTimeout(60_000);
  await signInAsDemoMerchant(page);
  const { lightningInvoiceId } = await takePayments(page);
  const listed: { checkout_id: string; provider_invoice_id: string }[] = (
    await (await page.request.get('/api/payments?method=btc_opennode&include_test=true&limit=100')).json()
  ).payments;
  const invoice = listed.find((p) => p.provider_invoice_id === lightningInvoiceId)!;
  /** The dashboard's logged reads of this invoice's checkout (other tests' agents read others). */
  const dashboardReads = async () => {
    const log = await (await page.request.get('/api/security/checkout-access?limit=50')).json();
    return log.events.filter(
      (e: { checkout_id: string; via: string }) =>
        e.checkout_id === invoice.checkout_id && e.via === 'dashboard',
    ).length;
  };

  await page.goto('/payments');
  // The tester's payment is one of the merchant's tests.
  await page.getByRole('switch', { name: 'Include test orders' }).click();
  const row = bodyRows(page).filter({ hasText: lightningInvoiceId.slice(0, 12) });
  await expect(row).toBeVisible();
  expect(await dashboardReads()).toBe(0);

  await row.getByRole('button', { name: 'Buyer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buyer' });
  await expect(dialog.getByText('Email')).toBeVisible();
  await expect(dialog).toContainText('@');
  await expectNoSeriousAccessibilityViolations(page);
  await expect.poll(dashboardReads).toBe(1);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.setViewportSize({ width: 390, height: 844 });
  await row.getByRole('button', { name: 'Buyer' }).click();
  await expect(page.getByRole('dialog', { name: 'Buyer' }).getByText('Email')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
});
