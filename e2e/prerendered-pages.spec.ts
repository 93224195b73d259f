import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** Each public page and the heading its pre-rendered HTML must show before any script runs. */
const PAGES: Array<{ path: string; h1: string }> = [
  { path: '/', h1: 'Let AI shopping agents sell your products' },
  { path: '/bitcoin-lightning', h1: 'Accept Bitcoin Lightning from AI shopping agents' },
  { path: '/chatgpt-ecommerce', h1: 'Sell your products inside ChatGPT' },
  { path: '/pricing', h1: 'Simple pricing that scales with your agent sales' },
  { path: '/case-studies', h1: 'Independent shops, selling where shoppers now ask' },
  { path: '/docs', h1: 'API documentation' },
  { path: '/contact', h1: 'Talk to the AgentCart team' },
  { path: '/terms', h1: 'Terms of Service' },
  { path: '/privacy', h1: 'Privacy Policy' },
  { path: '/supported', h1: 'Works with the store and payment accounts you already have' },
  { path: '/enterprise-calculator', h1: 'See what AgentCart costs at your volume' },
  { path: '/auth', h1: 'Welcome to AgentCart' },
];

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];
const textOf = (markup: string | undefined) =>
  markup
    ?.replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/** What a crawler or a link preview reads: the HTML as served, no JavaScript run. */
test.describe('public pages as served, before any JavaScript', () => {
  for (const { path, h1 } of PAGES) {
    test(`${path} arrives as its own HTML page`, async ({ request, baseURL }) => {
      const res = await request.get(path);
      expect(res.status()).toBe(200);
      const html = await res.text();
      const title = attr(html, /<title>([^<]*)<\/title>/);
      expect(title).toMatch(/ \| AgentCart$/);
      expect(attr(html, /<meta name="description" content="([^"]*)"/)?.length).toBeGreaterThan(40);
      expect(attr(html, /<link rel="canonical" href="([^"]*)"/)).toBe(`${baseURL}${path}`);
      expect(attr(html, /<meta property="og:title" content="([^"]*)"/)).toBe(title);
      expect(attr(html, /<meta name="twitter:card" content="([^"]*)"/)).toBe('summary_large_image');
      expect(attr(html, /<meta property="og:image" content="([^"]*)"/)).toBe(`${baseURL}/og-image.png`);
      expect(textOf(attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/))).toBe(h1);
    });
  }

  test('the titles differ page by page, and only the home page carries the structured data', async ({
    request,
  }) => {
    const titles = new Set<string>();
    for (const { path } of PAGES) {
      const html = await (await request.get(path)).text();
      titles.add(attr(html, /<title>([^<]*)<\/title>/)!);
      expect(html.includes('application/ld+json'), path).toBe(path === '/');
    }
    expect(titles.size).toBe(PAGES.length);
  });

  test('an unknown path is the not-found page with status 404 and its own head', async ({ request }) => {
    const res = await request.get('/no/such/page');
    expect(res.status()).toBe(404);
    const html = await res.text();
    expect(attr(html, /<title>([^<]*)<\/title>/)).toBe('Page not found | AgentCart');
    expect(attr(html, /<meta name="robots" content="([^"]*)"/)).toBe('noindex, nofollow');
    expect(textOf(attr(html, /<h1[^>]*>([\s\S]*?)<\/h1>/))).toBe('Page not found');
  });

  test('the social preview image, robots.txt and the sitemap are served', async ({ request, baseURL }) => {
    const image = await request.get('/og-image.png');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    expect(robots).toContain('Disallow: /dashboard');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${baseURL}/pricing</loc>`);
  });

  test('a visitor without JavaScript reads the page with its styles', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/pricing');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(PAGES[3]!.h1);
    await expect(page.getByRole('heading', { name: 'Growth' })).toBeVisible();
    // The stylesheet is inline: the navigation is laid out, not a bare list of links.
    const headerHeight = await page.locator('header').evaluate((el) => el.getBoundingClientRect().height);
    expect(headerHeight).toBeLessThan(100);
    await context.close();
  });
});

test.describe('the pre-rendered pages once hydrated', () => {
  test('the stored currency and cookie choice apply after hydration, without a mismatch', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      window.localStorage.setItem('preferred-currency', 'EUR');
    });
    await page.goto('/pricing');
    // GBP in the HTML, the visitor's EUR once the app has started; the fixture fails on any console error.
    await expect(page.getByText('Prices per month, shown in EUR.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.reload();
    await expect(page.getByText('Prices per month, shown in EUR.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
  });
});

test.describe('a pre-rendered page before its app has started', () => {
  /** Holds the app's start chunk back, as a slow phone's network would, until the returned call. */
  async function holdAppStart(page: Page) {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/start-app-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    return release;
  }

  test('a tap on a button is answered once the app has started', async ({ page }) => {
    const release = await holdAppStart(page);
    await page.goto('/pricing');
    await page.getByRole('button', { name: /EUR/ }).click();
    await expect(page.getByText('Prices per month, shown in GBP.')).toBeVisible();
    release();
    await expect(page.getByText('Prices per month, shown in EUR.')).toBeVisible();
  });

  test('a visitor who scrolled keeps their place when the app starts', async ({ page }) => {
    const release = await holdAppStart(page);
    await page.goto('/pricing');
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    release();
    // The cookie banner shows once the app has started (without scrolling to it, as a click would).
    await page.waitForFunction(() => document.querySelector('[role="region"][aria-label="Cookie consent"]'));
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  });

  test('a form is never sent natively: its submission waits for the app, which checks it', async ({
    page,
  }) => {
    const release = await holdAppStart(page);
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Grace Merchant');
    await page.getByRole('button', { name: /Send/ }).click();
    await page.getByLabel('Name').press('Enter');
    // Still the same page: no native GET with the fields in the address.
    expect(new URL(page.url()).search).toBe('');
    release();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
    await expect(page.getByLabel('Name')).toHaveValue('Grace Merchant');
  });
});
