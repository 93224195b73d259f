import { agentOrder } from './agent-order';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

test('webhooks: the sandbox receiver gets a signed test event and a real order, shown in the log', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signInAsDemoMerchant(page);
  await page.goto('/settings?tab=webhooks');
  await expect(page.getByRole('tab', { name: 'Webhooks', selected: true })).toBeVisible();

  // Testing needs a URL, saving a URL and an event, checked before anything is sent (a retry finds the first try's settings saved).
  if (test.info().retry === 0) {
    await page.getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText('Please enter a webhook URL first')).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a webhook URL', { exact: true })).toBeVisible();
    await expect(page.getByText('Please select at least one event')).toBeVisible();
  }

  await page.getByRole('button', { name: 'Fill sandbox receiver' }).click();
  await expect(page.getByLabel('Webhook URL')).toHaveValue(
    /^https:\/\/[0-9a-f-]+\.webhooks\.sandbox\/webhooks$/,
  );
  await page.getByRole('checkbox', { name: /order\.created/ }).check();
  await page.getByRole('checkbox', { name: /checkout\.completed/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webhook settings saved')).toBeVisible();
  await expect(page.getByLabel('Webhook signing secret')).toHaveValue(/^whsec_/);
  await expect(page.getByRole('button', { name: 'Rotate secret' })).toBeVisible();

  await page.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('Test event delivered')).toBeVisible();
  // Status and timing in words: the receiver answers JSON, and no part of a JSON answer is shown.
  await expect(page.getByText(/^Your endpoint answered HTTP 200 in \d+(\.\d)? m?s\.$/)).toBeVisible();
  await expect(page.getByText(/^\{/)).toHaveCount(0);
  await expectNoSeriousAccessibilityViolations(page);

  // An agent's requests carry no dashboard session (a cookie-carrying POST must come from the app).
  const orderId = await agentOrder(request);
  const log = page.getByRole('table', { name: 'Webhook deliveries, newest first' });
  const orderRow = log.getByRole('row').filter({ hasText: orderId });
  // The log refreshes itself only while a delivery is retrying; with many journeys' deliveries queued ahead
  // of this one, reload until the order's delivery is listed.
  await expect(async () => {
    await page.reload();
    await expect(orderRow).toContainText('order.created', { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  await expect(orderRow).toContainText('Delivered', { timeout: 20_000 });
  await expect(orderRow).toContainText('HTTP 200');
  // Newest first: other journeys' checkouts for this merchant may be in the log too.
  await expect(log.getByRole('row').filter({ hasText: 'checkout.completed' }).first()).toContainText(
    'Delivered',
  );

  await orderRow.getByRole('button', { name: /Redeliver/ }).click();
  await expect(page.getByText('Sending again')).toBeVisible();
  await expect(orderRow).toContainText('Delivered', { timeout: 20_000 });
  await expect(orderRow.getByRole('cell').nth(2)).toHaveText('2', { timeout: 20_000 });
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: '.tmp/screens/TMP-webhooks-desktop.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '.tmp/screens/TMP-webhooks-mobile.png', fullPage: true });
});
