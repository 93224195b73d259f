import { AUTH_MESSAGES } from '../common/validation/auth';
import { dismissCookieBanner, expect, openMailedLink, signUpInBrowser, test, uniqueEmail } from './fixtures';

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test('sign-up with invalid input shows the exact messages', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.businessNameRequired)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.emailRequired)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.passwordTooShort)).toBeVisible();

  await page.getByLabel('Business Name').fill('Shop <script>');
  await page.getByLabel('Email').fill('shop@@example');
  await page.getByLabel('Password').fill('alllowercase');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText(AUTH_MESSAGES.businessNameProhibited)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.emailFormat)).toBeVisible();
  await expect(page.getByText(AUTH_MESSAGES.passwordComplexity)).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('a protected page redirects to /auth and back after sign-up, sign-out and sign-in', async ({ page }) => {
  const email = uniqueEmail();
  const password = 'Journey!Pass1';

  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth$/);
  await signUpInBrowser(page, { name: 'Journey Outfitters', email, password });

  // The confirmation link signs in and returns to the page that was asked for, in the app layout.
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('Account created!')).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Testing' }),
  ).toBeVisible();
  await expect(page.locator('footer')).toHaveCount(0);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toContainText(email);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('You have been successfully signed out.')).toBeVisible();

  await page.goto('/payments');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/payments$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment history', level: 1 })).toBeVisible();

  // Going back does not return to /auth: the redirect replaced the history entry.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/auth$/);
});

test('a wrong password shows the sign-in failure toast', async ({ page, expectFailedResponses }) => {
  expectFailedResponses(401);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password').fill('Wrong!Pass1');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Sign in failed')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
});

test('the demo merchant can sign in with the details written at start', async ({ page }) => {
  const { readFileSync } = await import('node:fs');
  const demo = JSON.parse(readFileSync('.tmp/e2e-data/demo.json', 'utf8')) as {
    email: string;
    password: string;
  };
  await page.goto('/auth');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // Sign-in goes to onboarding, which sends the already-onboarded demo merchant on to the dashboard.
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign-up does not say whether an address is taken; the owner signs in with an e-mailed link', async ({
  page,
}) => {
  const demo = JSON.parse((await import('node:fs')).readFileSync('.tmp/e2e-data/demo.json', 'utf8')) as {
    email: string;
  };
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Business Name').fill('Copycat Ltd');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill('Copycat!Pass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Email').fill(demo.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await openMailedLink(page, demo.email, '/api/auth/magic-link/verify');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome back!')).toBeVisible();
});

test('the sandbox opened at 127.0.0.1 signs up too', async ({ page, baseURL }) => {
  const loopback = baseURL!.replace('localhost', '127.0.0.1');
  const email = uniqueEmail('loopback');
  await page.goto(`${loopback}/auth`);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Business Name').fill('Loopback Supplies');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Loopback!Pass1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
});
