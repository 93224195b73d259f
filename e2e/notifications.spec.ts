import type { Page } from '@playwright/test';
import { agentOrder } from './agent-order';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';

const SCREENS = '.tmp/screens';

/**
 * A merchant of its own, connected (sandbox store and Stripe) with an agent API key, made through the
 * same endpoints the settings screens call. Its own, so that its bell holds only this journey's orders
 * (every order is a notification: the demo merchant's bell has those of the journeys before this one).
 */
async function newConnectedMerchant(page: Page): Promise<string> {
  await dismissCookieBanner(page);
  await page.goto('/auth');
  await signUpInBrowser(page, {
    name: 'Bell Ringing Goods',
    email: uniqueEmail('notifications'),
    password: 'Notify!Pass1',
  });
  await expect(page).not.toHaveURL(/\/auth/);
  const origin = new URL(page.url()).origin;
  const call = async (method: 'put' | 'post', path: string, data: object = {}) => {
    const res = await page.request[method](path, { data, headers: { origin } });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  const credentials = await (await page.request.get('/__sim/credentials')).json();
  await call('put', '/api/connections/stores/woocommerce', { credentials: credentials.woocommerce });
  await call('post', '/api/connections/stripe/verify', { secretKey: credentials.stripe.secretKey });
  return (await call('post', '/api/developers/api-key')).apiKey as string;
}

test('notifications: push on, an agent buys, and the bell counts it without a reload', async ({
  page,
  request,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['notifications']);
  const apiKey = await newConnectedMerchant(page);

  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('tab', { name: 'Notifications', selected: true })).toBeVisible();
  const push = page.getByRole('switch', { name: 'New order: Push' });
  const email = page.getByRole('switch', { name: 'New order: Email' });
  await expect(push).toBeChecked();
  // Push only for new orders: turned off and on again, with e-mail off.
  await push.click();
  await expect(push).not.toBeChecked();
  await push.click();
  await email.click();
  await expect(push).toBeChecked();
  await expect(email).not.toBeChecked();
  await expect(page.getByText('This browser shows push notifications on your desktop too.')).toBeVisible();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Notification preferences saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toBeDisabled();

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/notifications-tab-1280.png`, fullPage: true });

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  let reloaded = false;
  page.on('load', () => (reloaded = true));

  const orderId = await agentOrder(request, apiKey);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  expect(reloaded).toBe(false);

  await bell.click();
  const item = page
    .getByRole('list', { name: 'Latest notifications' })
    .getByRole('listitem')
    .filter({ hasText: `Order #${orderId.slice(0, 8)}` });
  await expect(item).toContainText('New order');
  await expect(item).toContainText(/for GBP \d+\.\d{2} was paid/);
  await expect(item).toContainText('just now');
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/notifications-bell-1280.png` });

  // Opening it marks it read and goes where it points.
  await item.getByRole('link').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('button', { name: 'Notifications' })).toHaveAccessibleName('Notifications');
  // The next order within the hour rings the bell too: one notification per order.
  await agentOrder(request, apiKey);
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/settings?tab=notifications');
  await expect(page.getByRole('switch', { name: 'New order: Email' })).not.toBeChecked();
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/notifications-tab-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('list', { name: 'Latest notifications' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/notifications-bell-390.png` });
});
