import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, test } from './fixtures';

const inViewport = (page: Page, id: string) =>
  page.evaluate((anchor) => {
    const box = document.getElementById(anchor)!.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  }, id);

test.describe('a developer reading the API documentation', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test('follows a deep link and the sticky table of contents, and copies an example', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/docs#bitcoin');
    await expect(page.getByRole('heading', { name: 'Lightning payment flow' })).toBeVisible();
    expect(await inViewport(page, 'bitcoin')).toBe(true);

    const toc = page.getByRole('navigation', { name: 'Documentation' }).last();
    await toc.getByRole('link', { name: 'Errors and limits' }).click();
    await expect(page).toHaveURL(/\/docs#errors$/);
    await expect(toc).toBeInViewport();
    expect(await inViewport(page, 'errors')).toBe(true);

    const offer = page.locator('#offer');
    await offer.getByRole('button', { name: 'Copy request', exact: true }).click();
    await expect(offer.getByRole('status').first()).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('/api/agent/offer');
  });

  test('reads on a 390 px phone without sideways page scrolling', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
    await page.goto('/docs');
    await page.getByText('On this page', { exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Documentation' })
      .first()
      .getByRole('link', { name: 'Offer' })
      .click();
    await expect(page).toHaveURL(/#offer$/);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
      code:
        document.querySelector('#offer pre')!.scrollWidth > document.querySelector('#offer pre')!.clientWidth,
    }));
    expect(widths.page).toBe(widths.viewport);
    expect(widths.code).toBe(true);
    await context.close();
  });
});
