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

/**
 * The reference on /docs and the OpenAPI document (/openapi.json) are one contract: the field tables name
 * exactly the properties of the schemas they describe, the error table exactly the documented error
 * codes, the ACP endpoint table exactly the ACP paths. A field added to one and not the other fails here.
 */
test('the reference tables and the OpenAPI document describe the same fields, codes and paths', async ({
  page,
}) => {
  await page.goto('/docs');
  const doc = (await (await page.request.get('/openapi.json')).json()) as {
    paths: Record<string, unknown>;
    components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
  };
  const column = (caption: string, index: number) =>
    page
      .getByRole('group', { name: caption, exact: true })
      .locator(`tbody tr td:nth-child(${index + 1})`)
      .allTextContents();
  /** `items (or products)` → items, products; `items[]` → items; `payment.method` → payment. */
  const fieldNames = (cells: string[]) =>
    cells
      .flatMap((cell) => cell.replace(/\[\]/g, '').match(/[a-z_]+(\.[a-z_]+)*/g) ?? [])
      .map((name) => name.split('.')[0]!)
      .filter((name) => name !== 'or');

  for (const [caption, schema] of [
    ['Offer request fields', 'AgentOfferRequest'],
    ['Offer response fields', 'AgentOfferResponse'],
    ['Checkout request fields', 'AgentCheckoutRequest'],
    ['Confirm request fields', 'AgentConfirmRequest'],
    ['Order response fields', 'AgentOrderResponse'],
  ] as const) {
    const documented = new Set(fieldNames(await column(caption, 0)));
    const properties = Object.keys(doc.components.schemas[schema]!.properties ?? {});
    expect([...documented].sort(), `${caption} ↔ ${schema}`).toEqual(properties.sort());
  }

  const codes = (await column('Agent API error codes', 1)).map((code) => code.trim());
  const errorSchema = doc.components.schemas.AgentError as {
    properties: { error_code: { enum: string[] } };
  };
  expect([...new Set(codes)].sort()).toEqual([...errorSchema.properties.error_code.enum].sort());

  const acpPaths = (await column('ACP endpoints', 1)).map((path) =>
    path.trim().replace(/\{[^}]+\}/g, '{checkout_session_id}'),
  );
  expect([...new Set(acpPaths)].sort()).toEqual(
    Object.keys(doc.paths)
      .filter((p) => p.startsWith('/acp'))
      .sort(),
  );
});
