import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';

const TABS = {
  general: 'General',
  platform: 'Platform',
  payments: 'Payments',
  api: 'API',
  webhooks: 'Webhooks',
  notifications: 'Notifications',
  security: 'Security',
} as const;
type TabId = keyof typeof TABS;

/** Opens a tab by its address, checks it is the one selected, and clicks to it from another tab. */
async function openTab(page: Page, id: TabId) {
  await page.goto(`/settings?tab=${id}`);
  await expect(page.getByRole('tab', { name: TABS[id], selected: true })).toBeVisible();
  const other: TabId = id === 'general' ? 'platform' : 'general';
  await page.getByRole('tab', { name: TABS[other] }).click();
  await expect(page).toHaveURL(new RegExp(`tab=${other}`));
  await page.getByRole('tab', { name: TABS[id] }).click();
  await expect(page).toHaveURL(new RegExp(`tab=${id}$`));
  await expect(page.getByRole('tab', { name: TABS[id], selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toBeVisible();
}

/** axe at a desktop and a phone width, back on the desktop afterwards. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // The page never scrolls sideways: on a phone the tab row scrolls inside it.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expectNoSeriousAccessibilityViolations(page);
  }
}

test('settings, each tab: opened by click and by address, its main action, axe at 1280 and 390 px', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await signInAsDemoMerchant(page);

  // General: a name with a script tag is refused, then a save that a reload shows, then the name put back.
  await openTab(page, 'general');
  const name = page.getByLabel('Merchant Name');
  const original = await name.inputValue();
  await name.fill('<script>x</script>');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Business name contains prohibited content')).toBeVisible();
  await name.fill('Demo Outfitters Renamed');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Merchant Name')).toHaveValue('Demo Outfitters Renamed');
  await page.getByLabel('Merchant Name').fill(original);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Changes saved').first()).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Platform: the connected stores, the one agents sell from marked Selling, with Reconfigure.
  await openTab(page, 'platform');
  const woo = page.getByRole('list', { name: 'Your stores' }).getByRole('listitem', { name: 'WooCommerce' });
  await expect(woo.getByText('Selling', { exact: true })).toBeVisible();
  await expect(woo.getByRole('link', { name: 'Reconfigure' })).toHaveAttribute('href', /\/onboarding$/);
  await expect(page.getByRole('link', { name: 'Connect another store' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  // Payments: ?tab=stripe and ?tab=bitcoin open it too; the Connected card and its status check.
  for (const alias of ['stripe', 'bitcoin']) {
    await page.goto(`/settings?tab=${alias}`);
    await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
  }
  await openTab(page, 'payments');
  await expect(page.getByText('Shared Payment Token Capture Enabled')).toBeVisible();
  await expect(page.getByRole('link', { name: /View in Stripe/ })).toHaveAttribute('target', '_blank');
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByText(/Charges enabled: (yes|no) · Details submitted: (yes|no)/)).toBeVisible();
  // Bitcoin: the switch works beside the connected card account, off and back on.
  const bitcoin = page.getByRole('switch', { name: 'Accept Bitcoin Lightning' });
  await expect(bitcoin).toBeChecked();
  await bitcoin.click();
  await expect(page.getByText('Bitcoin payments disabled.')).toBeVisible();
  await expect(bitcoin).not.toBeChecked();
  await bitcoin.click();
  await expect(page.getByText('Bitcoin payments enabled.')).toBeVisible();
  await expect(bitcoin).toBeChecked();
  // The provider form: the expiry rule, then a real connection test and save.
  const expiry = page.getByLabel('Invoice expiry (minutes)');
  const originalExpiry = await expiry.inputValue();
  await expiry.fill('61');
  await page.getByRole('button', { name: 'Save Bitcoin Settings' }).click();
  await expect(page.getByText('Invoice expiry must be between 5 and 60 minutes')).toBeVisible();
  await expiry.fill(originalExpiry);
  await page.getByRole('button', { name: 'Fill sandbox credentials' }).click();
  await page.getByRole('button', { name: 'Test Connection' }).click();
  await expect(page.getByText('Connection Verified')).toBeVisible();
  await page.getByRole('button', { name: 'Save Bitcoin Settings' }).click();
  await expect(page.getByText('Bitcoin payments enabled.').first()).toBeVisible();
  await expect(bitcoin).toBeChecked();
  await expectAccessibleAtBothWidths(page);

  // API: the demo key (other journeys use it, so the key's life cycle runs on a new merchant below).
  await openTab(page, 'api');
  await expect(page.getByRole('heading', { name: 'Agent API key' })).toBeVisible();
  await expect(page.getByText(/^ak_test_/)).toBeVisible();
  await expectAccessibleAtBothWidths(page);

  await openTab(page, 'notifications');
  await expectAccessibleAtBothWidths(page);

  // Security: every card, and the idle timeout saved and put back.
  await openTab(page, 'security');
  for (const heading of ['Sessions', 'Two-factor authentication', 'IP allowlist', 'Active sessions'])
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  await expect(page.getByText('Enterprise only')).toBeVisible();
  await expect(page.getByText('This session')).toBeVisible();
  const timeout = page.getByRole('combobox', { name: 'Session idle timeout' });
  await timeout.click();
  await page.getByRole('option', { name: '30 minutes' }).click();
  await expect(page.getByText('Sessions now end after 30 minutes without activity.')).toBeVisible();
  await timeout.click();
  await page.getByRole('option', { name: '15 minutes (default)' }).click();
  await expect(page.getByText('Sessions now end after 15 minutes without activity.')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('settings, a new merchant: the API key generated, rotated and revoked, shown once; webhooks saved and tested', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await dismissCookieBanner(page);
  await page.goto('/auth');
  await signUpInBrowser(page, {
    name: 'Key Rotation Supply',
    email: uniqueEmail('settings'),
    password: 'Settings!Pass1',
  });
  await expect(page).toHaveURL(/\/onboarding/);

  await openTab(page, 'platform');
  await expect(page.getByRole('link', { name: 'Connect Platform' })).toBeVisible();

  await openTab(page, 'api');
  await expect(page.getByText('You have none yet.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const shown = page.getByLabel('New API key');
  await expect(shown).toHaveValue(/^ak_test_/);
  const first = await shown.inputValue();
  await expect(page.getByRole('button', { name: 'Copy' })).toBeVisible();
  await expectAccessibleAtBothWidths(page);
  // Shown once: after a reload only the display value and the creation time remain.
  await page.reload();
  await expect(page.getByLabel('New API key')).toHaveCount(0);
  await expect(page.getByText(/, created /)).toBeVisible();
  await expect(page.getByText(first)).toHaveCount(0);

  await page.getByRole('button', { name: 'Rotate key' }).click();
  await page.getByRole('button', { name: 'Rotate now' }).click();
  await expect(page.getByLabel('New API key')).toHaveValue(/^ak_test_/);
  expect(await page.getByLabel('New API key').inputValue()).not.toBe(first);

  await page.getByRole('button', { name: 'Revoke key' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText('API key revoked')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Generate API key' })).toBeVisible();
  await expect(page.getByLabel('New API key')).toHaveCount(0);

  await openTab(page, 'webhooks');
  await page.getByRole('button', { name: 'Fill sandbox receiver' }).click();
  await page.getByRole('checkbox', { name: /order\.created/ }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Webhook settings saved')).toBeVisible();
  await expect(page.getByLabel('Webhook signing secret')).toHaveValue(/^whsec_/);
  await page.getByRole('button', { name: 'Test' }).click();
  await expect(page.getByText('Your endpoint answered HTTP 200')).toBeVisible();
  await expectAccessibleAtBothWidths(page);
});

test('a Stripe OAuth return to settings becomes a toast with its error code’s message', async ({ page }) => {
  await signInAsDemoMerchant(page);
  await page.goto('/settings?tab=stripe&stripe_oauth=error&error=invalid_state');
  await expect(page.getByText('OAuth state validation failed')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=stripe$/);
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
});
