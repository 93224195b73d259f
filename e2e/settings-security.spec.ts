import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

test('settings security: revoking every other session signs the second browser out', async ({
  page,
  browser,
  baseURL,
}) => {
  // Two sign-ins, two axe scans and a revocation: near 30 s on a slow 2-core machine even alone.
  test.setTimeout(90_000);
  await signInAsDemoMerchant(page);

  // A second browser of the same person, from its own address so sign-in limits count it apart.
  const otherContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '198.19.8.8' },
  });
  const other = await otherContext.newPage();
  await signInAsDemoMerchant(other);
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/dashboard/);

  await page.goto('/settings?tab=api');
  await expect(page.getByRole('heading', { name: 'Agent API key' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.goto('/settings?tab=security');
  await expect(page.getByRole('tab', { name: 'Security', selected: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active sessions' })).toBeVisible();
  const revokeOthers = page.getByRole('button', { name: 'Revoke All Other Sessions' });
  await expect(revokeOthers).toBeEnabled();
  await expectNoSeriousAccessibilityViolations(page);

  await revokeOthers.click();
  const dialog = page.getByRole('dialog', { name: 'Sign out every other session?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Revoke All Other Sessions' }).click();
  await expect(page.getByText('Other sessions revoked')).toBeVisible();
  await expect(dialog).toBeHidden();

  // This browser stays signed in; the other one is sent to sign in at its next page.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard/);
  // The second browser's session is gone on the server, not merely hidden by the app.
  const account = await other.request.get('/api/account');
  expect(account.status()).toBe(401);
  await other.goto('/dashboard');
  await expect(other).toHaveURL(/\/auth/);
  await expect(other.getByRole('button', { name: 'Sign In' })).toBeVisible();
  await otherContext.close();
});
