import type { Page } from '@playwright/test';
import { ROUTE_KEYS, ROUTES, pathOf, type RouteKey } from '#common/routes';
import { SETTINGS_TABS } from '#web/features/settings/settings-tabs';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { dismissCookieBanner, expect, signUpInBrowser, test, uniqueEmail } from './fixtures';

/**
 * Every page of the web app's route table (common/routes.ts, which web/app/routes.tsx renders) and every
 * Settings section, at a phone's width and a laptop's: none scrolls sideways as a whole, none shows a
 * raw id where a person reads, none has a serious or critical axe finding.
 */
const WIDTHS = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1280, height: 900 },
] as const;
/**
 * The API reference, whose subject is the identifiers an agent sends (a UCP instrument names its handler
 * `stripe_spt`): there they are the words, shown in code. Every other check still runs on it.
 */
const IDS_ARE_THE_SUBJECT = new Set(['/docs']);

/** The demo merchant's Stripe account (seeded at start), whose storefront is visited. */
const DEMO_ACCOUNT = 'acct_1QaGcSandboxMerch';

/** Where a page with a parameter is visited; each route must be named here or in NOT_VISITED. */
const PARAMS: Partial<Record<RouteKey, Record<string, string>>> = {
  storefront: { accountId: DEMO_ACCOUNT },
  storefrontSuccess: { accountId: DEMO_ACCOUNT },
};
/** Routes not visited, and why. */
const NOT_VISITED: Partial<Record<RouteKey, string>> = {
  orderStatus: 'reached only by an ACP order token; e2e/acp-order-page.spec.ts visits it',
};

/** Raw ids and codes no one should read on a page; ids a person copies are shown apart (issue 27). */
const RAW_IDS = [
  'btc_opennode',
  'btc_coincorner',
  'stripe_spt',
  'settings_change',
  'sessions.revoked',
  'acct_',
  'cs_test_',
] as const;

interface Screen {
  path: string;
  signedIn: boolean;
}

const screens: Screen[] = ROUTE_KEYS.filter((key) => !(key in NOT_VISITED)).flatMap((key): Screen[] => {
  const route = ROUTES[key];
  const signedIn = route.access === 'protected';
  if (key === 'settings') {
    return Object.keys(SETTINGS_TABS).map((tab) => ({ path: `${route.path}?tab=${tab}`, signedIn }));
  }
  const params = PARAMS[key];
  if (route.path.includes(':') && !params) throw new Error(`every-screen: name where ${key} is visited`);
  return [{ path: params ? pathOf(route, params) : route.path, signedIn }];
});

/**
 * The page's rendered text: what a person reads (hidden elements and screen-reader-only text left out),
 * less the copyable-id chips (web/components/copyable-id.tsx), the one place an id a person copies may
 * stand. A chip counts only with its copy button in it, so the mark cannot hide an id shown as words.
 */
async function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const chips = [...document.querySelectorAll<HTMLElement>('[data-copyable-id]')];
    const unbuttoned = chips.filter((chip) => !chip.querySelector('button[aria-label^="Copy "]'));
    if (unbuttoned.length > 0)
      throw new Error(`A copyable-id chip without its copy button: ${unbuttoned[0]!.outerHTML}`);
    const shown = chips.map((chip) => chip.style.display);
    for (const chip of chips) chip.style.display = 'none';
    const text = document.body.innerText;
    chips.forEach((chip, i) => (chip.style.display = shown[i]!));
    return text;
  });
}

async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(overflow.scrollWidth, 'the page scrolls sideways as a whole').toBeLessThanOrEqual(
    overflow.clientWidth,
  );
}

for (const size of WIDTHS) {
  test.describe(`every screen at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    for (const screen of screens) {
      test(`${screen.path} fits, names things in words, passes axe`, async ({ page }) => {
        // A sign-in and an axe scan per page: slow on a loaded machine.
        test.setTimeout(90_000);
        if (screen.signedIn) await signInAsDemoMerchant(page);
        else await dismissCookieBanner(page);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
        // Settled: no loading state left (every loading state says so to screen readers).
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.waitForLoadState('networkidle');

        await expectNoSidewaysScroll(page);
        const text = await visibleText(page);
        if (!IDS_ARE_THE_SUBJECT.has(screen.path)) {
          expect(RAW_IDS.filter((id) => text.includes(id))).toEqual([]);
        }
        await expectNoSeriousAccessibilityViolations(page);
      });
    }
  });
}

/** In sandbox, a provider's link opens its simulator's own page (from the app's origin), never a dead end. */
const SANDBOX_LINKS = [
  { tab: 'platform', link: /Open store/, heading: /: orders$/ },
  { tab: 'payments', link: /View in Stripe/, heading: /./ },
] as const;

for (const size of WIDTHS) {
  test.describe(`in sandbox at ${size.width}×${size.height}, a provider's link`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("opens the simulator's own page, which fits and passes axe", async ({ page }) => {
      test.setTimeout(90_000);
      await signInAsDemoMerchant(page);
      for (const { tab, link, heading } of SANDBOX_LINKS) {
        await page.goto(`/settings?tab=${tab}`);
        const anchor = page.getByRole('link', { name: link });
        // The address follows the app's mode, known once /api/status answers.
        await expect(anchor, `${tab}: ${String(link)}`).toHaveAttribute('href', /^\/__sim\//);
        const href = await anchor.getAttribute('href');
        const res = await page.goto(href!);
        expect(res?.status(), href!).toBe(200);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
        await expectNoSidewaysScroll(page);
        await expectNoSeriousAccessibilityViolations(page);
      }
    });
  });
}

test.describe('at 1280×900 the cookie banner', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("leaves onboarding's Continue reachable by scrolling", async ({ page }) => {
    await page.goto('/auth');
    await signUpInBrowser(page, {
      name: 'Banner Test Shop',
      email: uniqueEmail('banner'),
      password: 'Banner!Pass1',
    });
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
    // A trial click scrolls the button into view and fails if anything else would take the click.
    await page.getByRole('button', { name: 'Continue' }).click({ trial: true, timeout: 5_000 });
  });
});
