import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey fails on a console error or an uncaught page error (Epic Stack's rule), except failed
 * responses a test provokes on purpose and declares with `expectFailedResponses`. A pre-rendered page
 * whose hydration does not match its HTML logs a console error too (web/app/start-app.tsx).
 */
export const test = base.extend<{
  consolePolicy: { allowedStatuses: number[] };
  expectFailedResponses: (...statuses: number[]) => void;
}>({
  // eslint-disable-next-line no-empty-pattern -- Playwright requires the object pattern for fixtures with no dependencies.
  consolePolicy: async ({}, use) => {
    await use({ allowedStatuses: [] });
  },
  /** The browser logs every 4xx response as a console error; a test that causes one on purpose says so. */
  expectFailedResponses: async ({ consolePolicy }, use) => {
    await use((...statuses) => {
      consolePolicy.allowedStatuses.push(...statuses);
    });
  },
  page: async ({ page, consolePolicy }, use) => {
    // Each journey is its own visitor: per-address limits (sign-up, sign-in) count it apart from the
    // journeys before it, as they would different people (the e2e server trusts this header).
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': nextVisitorAddress() });
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(page);
    const unexpected = errors.filter(
      (e) =>
        !consolePolicy.allowedStatuses.some((status) =>
          e.startsWith(`Failed to load resource: the server responded with a status of ${status} `),
        ),
    );
    expect(unexpected, 'console errors on the page').toEqual([]);
  },
});

export { expect };

let visitors = 0;
function nextVisitorAddress() {
  visitors += 1;
  return `198.18.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`;
}

/** Stores a cookie choice so the banner does not cover what a test is looking at. */
export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
}

let counter = 0;
export function uniqueEmail(prefix = 'merchant') {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

/** Follows the newest link to `pathPrefix` e-mailed to `to`, read from the sandbox mailbox. */
export async function openMailedLink(page: Page, to: string, pathPrefix: string) {
  let url: string | undefined;
  await expect
    .poll(async () => {
      const res = await page.request.get('/__sim/mail.json');
      const { messages } = (await res.json()) as { messages: Array<{ to: string; text: string }> };
      url = messages
        .filter((m) => m.to === to)
        .flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? [])
        .find((u) => new URL(u).pathname.startsWith(pathPrefix));
      return url;
    })
    .toBeTruthy();
  await page.goto(url!);
}

/**
 * Signs a new merchant up in the browser as a person does: the Sign Up tab, then the confirmation link
 * from the sandbox mailbox. Ends signed in, wherever the link lands.
 */
export async function signUpInBrowser(
  page: Page,
  details: { name: string; email: string; password: string },
) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('Business Name').fill(details.name);
  await page.getByLabel('Email').fill(details.email);
  await page.getByLabel('Password').fill(details.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await openMailedLink(page, details.email, '/api/auth/verify-email');
}
