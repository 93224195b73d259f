import { test as base, expect, type Page } from '@playwright/test';

/**
 * Every journey fails on a console error or an uncaught page error (Epic Stack's rule), except the
 * expected 404 of the not-found page's own document, which a test opts into.
 */
export const test = base.extend<{ consoleErrors: string[]; allowNotFoundDocument: () => void }>({
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error') errors.push(msg.text());
    });
    page.on('pageerror', (err) => errors.push(err.message));
    await use(errors);
  },
  allowNotFoundDocument: async ({ consoleErrors }, use) => {
    let allowed = false;
    await use(() => {
      allowed = true;
    });
    if (allowed) {
      const rest = consoleErrors.filter((e) => !e.includes('404 (Not Found)'));
      consoleErrors.splice(0, consoleErrors.length, ...rest);
    }
  },
  page: async ({ page, consoleErrors }, use) => {
    await use(page);
    expect(consoleErrors, 'console errors on the page').toEqual([]);
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
