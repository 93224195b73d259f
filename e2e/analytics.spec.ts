import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { expectNoSeriousAccessibilityViolations, signInAsDemoMerchant } from './demo-merchant';
import { expect, test } from './fixtures';

/** The e2e server's data directory (playwright.config.ts webServer DATA_DIR): its demo.json has the demo key. */
const E2E_DATA_DIR = '.tmp/e2e-data';
const run = promisify(execFile);

/** `npm run demo:agent` against the e2e server: card and Lightning purchases, on the agent API or ACP. */
async function demoAgent(baseURL: string, ...args: string[]) {
  await run('npx', ['tsx', 'scripts/demo-agent.ts', '--url', baseURL, ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NO_COLOR: '1' },
    timeout: 110_000,
    maxBuffer: 16 * 1024 * 1024,
  });
}

const rowOf = (page: Page, table: string, name: string | RegExp) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: name });

test('analytics shows what the demo agent bought, by channel, protocol version, agent and method', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  // The demo agent buys by card and Lightning on the documented API, then on ACP 2026-04-17 and 2025-09-29.
  await demoAgent(baseURL!);
  await demoAgent(baseURL!, '--acp');

  await signInAsDemoMerchant(page);
  await page.goto('/analytics?days=7');
  await expect(page.getByRole('heading', { name: 'Does agent commerce pay?', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

  const funnel = 'Funnel and revenue per channel';
  await expect(rowOf(page, funnel, 'Agent API')).toBeVisible();
  await expect(rowOf(page, funnel, 'ACP 2026-04-17')).toBeVisible();
  await expect(rowOf(page, funnel, 'ACP 2025-09-29')).toBeVisible();
  // Every channel the demo agent used sold at least one order.
  for (const channel of ['Agent API', 'ACP 2026-04-17', 'ACP 2025-09-29']) {
    const paid = rowOf(page, funnel, channel).getByRole('cell').nth(3);
    expect(Number(await paid.textContent())).toBeGreaterThan(0);
  }
  const methods = 'Successful payments and amount per payment method';
  await expect(rowOf(page, methods, 'Card (Stripe)')).toBeVisible();
  await expect(rowOf(page, methods, 'Lightning (OpenNode)')).toBeVisible();
  // Node's fetch names itself "node" in its User-Agent: that is the agent the demo agent shows as.
  await expect(rowOf(page, 'Checkouts, paid orders and revenue per agent', /^node/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Totals' })).toContainText(/\d+ paid, \d+ expired/);
  await expectNoSeriousAccessibilityViolations(page);

  // The merchant's own test orders count only with the switch on, which the URL keeps with the period.
  const includeTest = page.getByRole('switch', { name: 'Include test orders' });
  await expect(includeTest).toHaveAttribute('aria-checked', 'false');
  await includeTest.click();
  await expect(page).toHaveURL(/days=7&include_test=true/);
  await includeTest.click();
  await expect(page).not.toHaveURL(/include_test/);

  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page).toHaveURL(/days=90/);
  await page.getByText('Daily figures as a table').click();
  await expect(page.getByRole('table', { name: /per day/ }).getByRole('row')).toHaveCount(91);
  await expectNoSeriousAccessibilityViolations(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('heading', { name: 'Does agent commerce pay?', level: 1 })).toBeVisible();
  await expectNoSeriousAccessibilityViolations(page);
});
