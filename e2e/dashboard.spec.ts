import type { Page } from '@playwright/test';
import { agentOrder, demoApiKey } from './agent-order';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const recentActivity = (page: Page) => page.getByRole('region', { name: 'Recent Activity' });

test('the dashboard shows an order an agent places while it is open, without a reload', async ({
  page,
  request,
}) => {
  await signInAsDemoMerchant(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The list has loaded (orders or the empty state) before the agent buys.
  await expect(
    recentActivity(page)
      .getByRole('list', { name: 'Latest orders' })
      .or(recentActivity(page).getByText('Ready to accept orders')),
  ).toBeVisible();
  let reloaded = false;
  page.on('load', () => (reloaded = true));

  const orderId = await agentOrder(request);
  const row = recentActivity(page)
    .getByRole('listitem')
    .filter({ hasText: `Order #${orderId.slice(0, 8)}` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('just now');
  await expect(row).toContainText(/Accepted|Fulfilled/);
  expect(reloaded).toBe(false);

  await expect(page.getByRole('region', { name: 'System health' })).toContainText('Operational');
  await expect(page.getByRole('status', { name: /^Verdict: / })).not.toHaveText('Checking...');
  await expectNoSeriousAccessibilityViolations(page);
});

test('after a burst of 21 checkout reads the security cards flag rapid access and show who read', async ({
  page,
  request,
}) => {
  await signInAsDemoMerchant(page);
  const orderId = await agentOrder(request); // the confirm is one read
  const auth = { authorization: `Bearer ${demoApiKey()}` };
  for (let i = 0; i < 20; i++) {
    expect((await request.get(`/api/agent/order/${orderId}`, { headers: auth })).ok()).toBe(true);
  }
  await page.goto('/dashboard');
  const threats = page.getByRole('region', { name: 'Threat detection' });
  await expect(threats.getByText('Rapid checkout access')).toBeVisible();
  await expect(threats.getByRole('list', { name: 'Threat patterns' })).toContainText('Rapid data access');
  await expect(
    threats
      .getByRole('row')
      .filter({ hasText: /Agent API · key [0-9a-f]{8}/ })
      .first(),
  ).toBeVisible();
  const metrics = page.getByRole('region', { name: 'Security metrics' });
  await expect(metrics.getByText('Rapid access')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
});

test('the dashboard passes axe on a phone', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsDemoMerchant(page);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Threat detection' })).toBeVisible();
  await expect(page.getByRole('status', { name: /^Verdict: / })).not.toHaveText('Checking...');
  // Nothing wider than the screen: the tables scroll inside their cards.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAccessibilityViolations(page);
});
