import { readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import newman, { type NewmanRunSummary } from 'newman';
import type { Download, Page } from '@playwright/test';
import { applicationBundle, UAT_COLLECTION_FILE_NAME } from '../common/api/agent-application';
import { AGENT_APPLICATION_MESSAGES } from '../common/validation/agent-application';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

const SCREENS = '.tmp/screens';

/** Clicks `name` and answers the file the browser downloads, with its suggested name. */
async function downloadBy(page: Page, name: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).click(),
  ]);
  return { fileName: download.suggestedFilename(), body: await jsonOf(download) };
}

async function jsonOf(download: Download): Promise<unknown> {
  return JSON.parse(readFileSync((await download.path())!, 'utf8'));
}

function runWithNewman(collection: object, apiKey: string) {
  return new Promise<NewmanRunSummary>((resolve, reject) =>
    newman.run(
      { collection, envVar: [{ key: 'api_key', value: apiKey }], reporters: [], timeoutRequest: 30_000 },
      (err, summary) => (err ? reject(err) : resolve(summary)),
    ),
  );
}

test('the demo merchant generates the application bundle and runs the UAT collection with newman', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  await mkdir(SCREENS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsDemoMerchant(page);
  await page.goto('/agent/apply');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Apply to ChatGPT Instant Checkout' }),
  ).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('WooCommerce', { exact: true })).toBeVisible();
  await expect(main.getByText('Bitcoin Lightning')).toBeVisible();
  await expect(page.getByLabel('Regions')).toHaveValue('UK, EU');
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/agent-apply-1280.png`, fullPage: true });

  await page.getByLabel('Product URLs').fill('https://demo.example/p/1\n\nhttps://demo.example/p/2\n');
  await page.getByLabel('Currencies').fill('gbp, eur');
  const bundleFile = await downloadBy(page, 'Generate Application Bundle');
  await expect(page.getByText(AGENT_APPLICATION_MESSAGES.bundleGenerated)).toBeVisible();
  expect(bundleFile.fileName).toMatch(/^agentcart-application-bundle-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.json$/);
  const bundle = applicationBundle.parse(bundleFile.body);
  expect(bundle.merchant_info).toMatchObject({
    platforms_connected: ['woocommerce'],
    regions: ['UK', 'EU'],
    currencies: ['GBP', 'EUR'],
    fulfilment: 'Own fulfilment',
  });
  expect(bundle.product_urls).toEqual(['https://demo.example/p/1', 'https://demo.example/p/2']);
  // The live documents, embedded whole.
  expect(bundle.agent_commerce_discovery).toEqual(
    await (await request.get('/.well-known/agent-commerce.json')).json(),
  );
  expect(bundle.acp_openapi).toEqual(await (await request.get('/api/acp-openapi')).json());
  expect(bundle.acp_health.api_base_url).toBe(
    (await (await request.get('/api/acp-health')).json()).api_base_url,
  );

  const collectionFile = await downloadBy(page, 'Download UAT testing collection');
  expect(collectionFile.fileName).toBe(UAT_COLLECTION_FILE_NAME);
  const { apiKey } = JSON.parse(readFileSync('.tmp/e2e-data/demo.json', 'utf8')) as { apiKey: string };
  const summary = await runWithNewman(collectionFile.body as object, apiKey);
  expect(summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`)).toEqual([]);
  expect(summary.run.stats.items).toMatchObject({ total: 16, failed: 0 });
  expect(summary.run.stats.assertions.failed).toBe(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('button', { name: 'Generate Application Bundle' })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
  await page.screenshot({ path: `${SCREENS}/agent-apply-390.png`, fullPage: true });
});
