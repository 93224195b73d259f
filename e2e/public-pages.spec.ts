import { dismissCookieBanner, expect, test } from './fixtures';

const PUBLIC_PAGES = [
  '/',
  '/bitcoin-lightning',
  '/chatgpt-ecommerce',
  '/pricing',
  '/case-studies',
  '/contact',
  '/terms',
  '/privacy',
  '/supported',
  '/enterprise-calculator',
  '/docs',
  '/auth',
];

test.describe('a visitor browsing the public site', () => {
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  for (const path of PUBLIC_PAGES) {
    test(`reads ${path} with finished content and SEO metadata`, async ({ page, baseURL }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page).toHaveTitle(/ \| AgentCart$/);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length).toBeGreaterThan(40);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${path}`);
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', /AgentCart/);
      await expect(page.locator('footer')).toBeVisible();
    });
  }

  test('every internal link on the public pages leads to a page that exists', async ({ page, request }) => {
    const seen = new Set<string>();
    for (const path of PUBLIC_PAGES) {
      await page.goto(path);
      await page.locator('h1').waitFor();
      const hrefs = await page
        .locator('a[href^="/"]')
        .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      hrefs.forEach((h) => seen.add(h.split('#')[0]!.split('?')[0]!));
    }
    for (const href of seen) {
      if (href.startsWith('/__sim') || href === '') continue;
      const res = await request.get(href);
      expect(res.status(), href).toBe(200);
    }
  });

  test('the landing page has its particle background and structured data', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-particle]')).toHaveCount(50);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    const types = jsonLd['@graph'].map((n: { '@type': string }) => n['@type']);
    expect(types).toEqual(['Organization', 'SoftwareApplication', 'FAQPage']);
    const app = jsonLd['@graph'][1];
    expect(app.offers).toMatchObject({ price: '49', priceCurrency: 'GBP' });
    await page.getByRole('link', { name: 'Start for Free' }).first().click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the particles stand still for visitors who prefer reduced motion', async ({ browser }) => {
    const context = await browser.newContext({ reducedMotion: 'reduce' });
    const page = await context.newPage();
    await page.goto('/');
    const name = await page
      .locator('[data-particle]')
      .first()
      .evaluate((el) => getComputedStyle(el).animationName);
    expect(name).toBe('none');
    await context.close();
  });

  test('an unknown path shows the not-found page linking home', async ({ page, expectFailedResponses }) => {
    expectFailedResponses(404);
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the mobile navigation opens as a side panel with the same links', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const panel = page.getByRole('dialog');
    await expect(panel).toBeVisible();
    for (const label of ['Pricing', 'Docs', 'Supported', 'Case Studies', 'Contact']) {
      await expect(panel.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await panel.getByRole('link', { name: 'Pricing', exact: true }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(panel).toBeHidden();
    await context.close();
  });
});
