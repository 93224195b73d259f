import { totpCode } from '../server/test/totp';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Str0ng!pass';

test('two-factor: enrol with the secret shown, then a fresh browser signs in with a code', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('two-factor');
  await dismissCookieBanner(page);
  await page.goto('/auth');
  await signUpInBrowser(page, { name: 'Two Factor Goods', email, password: PASSWORD });
  await expect(page).not.toHaveURL(/\/auth/);

  await page.goto('/settings?tab=security');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expect(page.getByText('Disabled')).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);

  await page.getByRole('switch', { name: 'Two-factor authentication' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expectNoSeriousAccessibilityViolations(page);

  // The previous step's code (still accepted), so the sign-in below can use the current one: a code
  // that has been used once is refused.
  await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now() - 30_000));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await expect(page.getByText(/Recovery codes were generated/)).toBeVisible();
  const codes = await page
    .getByRole('list', { name: 'Recovery codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(codes).toHaveLength(10);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe('agentcart-recovery-codes.txt');
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page.getByText('Authenticator app', { exact: true })).toBeVisible();

  const fresh = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '198.19.7.7' },
  });
  const other = await fresh.newPage();
  await dismissCookieBanner(other);
  await other.goto('/auth');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(other);
  await other.getByLabel('Authentication code').fill(totpCode(secret));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL(/\/onboarding/);
  await fresh.close();
});
