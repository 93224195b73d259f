import type { Page } from '@playwright/test';
import { totpCode } from '../server/test/totp';
import { expectNoSeriousAccessibilityViolations } from './demo-merchant';
import { dismissCookieBanner, expect, openMailedLink, signUpInBrowser, test, uniqueEmail } from './fixtures';

const PASSWORD = 'Str0ng!pass';
// Ofcom's drama range: a UK mobile number that belongs to nobody.
const PHONE = '+447700900456';
const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * Axe at desktop and phone widths, no open dialog wider than its box (a cut-off field or button), and a
 * screenshot of each when SCREENSHOT_DIR is set.
 */
async function checkAtBothWidths(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoSeriousAccessibilityViolations(page);
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll('[role="dialog"]')]
        .filter((dialog) => dialog.scrollWidth > dialog.clientWidth + 1)
        .map((dialog) => dialog.getAttribute('aria-labelledby') ?? 'dialog'),
    );
    expect(overflowing, `dialogs overflowing at ${width} px`).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The newest code on the sandbox phone (the Twilio simulator's page), read as a person would. */
async function codeFromSandboxPhone(page: Page): Promise<string> {
  const phone = await page.context().newPage();
  await phone.goto('/__sim/sms');
  await expect(phone.getByRole('heading', { name: 'Sandbox phone' })).toBeVisible();
  const text = await phone.locator('article').first().textContent();
  await phone.close();
  // "123456 is your AgentCart sign-in code", "… your code to verify this number …", "… to confirm a change …"
  const code = text?.match(/(\d{6}) is your /)?.[1];
  expect(code, 'a code on the sandbox phone').toBeTruthy();
  return code!;
}

test('phone factor: add a number beside the app, verify it by SMS, sign in with "Text me a code", confirm a change by text', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('phone-factor');
  await dismissCookieBanner(page);
  await page.goto('/auth');
  await signUpInBrowser(page, { name: 'Phone Factor Goods', email, password: PASSWORD });
  await expect(page).not.toHaveURL(/\/auth/);

  // The app first: text messages are only offered beside it.
  await page.goto('/settings?tab=security');
  await page.getByRole('switch', { name: 'Two-factor authentication' }).click();
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('6-digit code').fill(totpCode(secret, Date.now() - 30_000));
  await page.getByRole('button', { name: 'Verify and turn on' }).click();
  await page.getByRole('button', { name: 'I have saved my codes' }).click();

  await expect(page.getByText(/Your authenticator app is stronger/)).toBeVisible();
  await page.getByRole('button', { name: 'Add phone number' }).click();
  const adding = page.getByRole('dialog', { name: 'Add a phone number' });
  await adding.getByLabel('Mobile number').fill('07700 900456');
  await adding.getByLabel('Password').fill(PASSWORD);
  // A number is a second factor too: adding one takes a code from the app (this step's, unused so far).
  await adding.getByLabel('Authentication code or recovery code').fill(totpCode(secret));
  await adding.getByRole('button', { name: 'Send code' }).click();
  await expect(
    adding.getByText('Enter the number in international format, e.g. +447700900123'),
  ).toBeVisible();
  await checkAtBothWidths(page, 'phone-factor-add');
  await adding.getByLabel('Mobile number').fill(PHONE);
  await adding.getByRole('button', { name: 'Send code' }).click();

  const verifying = page.getByRole('dialog', { name: 'Verify your phone number' });
  await expect(verifying.getByText('Enter the 6-digit code we texted to +44 •••• 456.')).toBeVisible();
  await expect(verifying.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await checkAtBothWidths(page, 'phone-factor-verify');
  await verifying.getByLabel('Code from the text message').fill(await codeFromSandboxPhone(page));
  await verifying.getByRole('button', { name: 'Verify number' }).click();
  await expect(verifying).toBeHidden();
  await expect(page.getByText('Text message · +44 •••• 456')).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toHaveCount(2);
  await checkAtBothWidths(page, 'phone-factor-settings');

  // A fresh browser: password, then "Text me a code", with the code read off the sandbox phone.
  const fresh = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.8.8' } });
  const other = await fresh.newPage();
  await dismissCookieBanner(other);
  await other.goto('/auth');
  await other.getByLabel('Email').fill(email);
  await other.getByLabel('Password').fill(PASSWORD);
  await other.getByRole('button', { name: 'Sign In' }).click();
  await expect(other.getByLabel('Authentication code')).toBeVisible();
  await other.getByRole('button', { name: 'Text me a code' }).click();
  await expect(
    other.getByText(/We texted a 6-digit code to \+44 •••• 456\. It expires in 5 minutes\./),
  ).toBeVisible();
  await checkAtBothWidths(other, 'phone-factor-sign-in');
  await other.getByLabel('Code from the text message').fill(await codeFromSandboxPhone(other));
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other).toHaveURL(/\/onboarding/);
  await fresh.close();

  // Another browser, by a sign-in link this time: the same second step, with the text offered too.
  const byLink = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.8.9' } });
  const linked = await byLink.newPage();
  await dismissCookieBanner(linked);
  await linked.goto('/auth');
  await linked.getByLabel('Email').fill(email);
  await linked.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await openMailedLink(linked, email, '/api/auth/magic-link/verify');
  await expect(linked.getByLabel('Authentication code')).toBeVisible();
  await linked.getByRole('button', { name: 'Text me a code' }).click();
  await expect(linked.getByText(/We texted a 6-digit code to \+44 •••• 456\./)).toBeVisible();
  await checkAtBothWidths(linked, 'phone-factor-link-sign-in');
  await linked.getByLabel('Code from the text message').fill(await codeFromSandboxPhone(linked));
  await linked.getByRole('button', { name: 'Verify' }).click();
  await expect(linked).not.toHaveURL(/\/auth/);
  await byLink.close();

  // Back in the first browser: new recovery codes need the password and a fresh second factor, here a
  // code texted for the change.
  await page.getByRole('button', { name: 'New recovery codes' }).click();
  const regenerating = page.getByRole('dialog', { name: 'Generate new recovery codes?' });
  await regenerating.getByLabel('Password').fill(PASSWORD);
  await regenerating.getByRole('button', { name: 'Text me a code' }).click();
  await expect(regenerating.getByText(/We texted a 6-digit code to \+44 •••• 456\./)).toBeVisible();
  await checkAtBothWidths(page, 'phone-factor-confirm-change');
  await regenerating.getByLabel('Code from the text message').fill(await codeFromSandboxPhone(page));
  await regenerating.getByRole('button', { name: 'Generate new codes' }).click();
  await expect(page.getByText(/Recovery codes were generated/)).toBeVisible();
});
