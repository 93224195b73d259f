import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey fails on a console error or an uncaught page error (Epic Stack's rule), except failed
 * responses a test provokes on purpose and declares with `expectFailedResponses`.
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

/** Stores a cookie choice so the banner does not cover what a test is looking at. */
export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
}

let counter = 0;
export function uniqueEmail(prefix = 'merchant') {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}
