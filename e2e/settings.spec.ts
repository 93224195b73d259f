import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

test.beforeEach(async ({ page }) => signInAsDemoMerchant(page));

test('settings: general saves, platform and payments show the connected accounts, API shows the key', async ({
  page,
}) => {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'General', selected: true })).toBeVisible();
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
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('tab', { name: 'Platform' }).click();
  await expect(page).toHaveURL(/tab=platform/);
  await expect(page.getByText('WooCommerce', { exact: true })).toBeVisible();
  await expect(page.getByText('Active')).toBeVisible();

  // The spec's provider names open the Payments tab.
  await page.goto('/settings?tab=stripe');
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
  await expect(page.getByText('Shared Payment Token Capture Enabled')).toBeVisible();
  await page.getByRole('button', { name: 'Check Status' }).click();
  await expect(page.getByText(/Charges enabled: (yes|no)/)).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Accept Bitcoin Lightning' })).toBeChecked();
  await expectNoSeriousAccessibilityViolations(page);

  await page.goto('/settings?tab=api');
  await expect(page.getByRole('heading', { name: 'Agent API key' })).toBeVisible();
  await expect(page.getByText(/^ak_test_/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rotate key' })).toBeVisible();
});

test('a Stripe OAuth return to settings becomes a toast with the spec’s words', async ({ page }) => {
  await page.goto('/settings?tab=stripe&stripe_oauth=error&error=invalid_state');
  await expect(page.getByText('OAuth state validation failed')).toBeVisible();
  await expect(page).toHaveURL(/\/settings\?tab=stripe$/);
  await expect(page.getByRole('tab', { name: 'Payments', selected: true })).toBeVisible();
});
