import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect } from './fixtures';

/** Signs in as the demo merchant seeded at start (already onboarded, store and providers connected). */
export async function signInAsDemoMerchant(page: Page) {
  const demo = JSON.parse(readFileSync('.tmp/e2e-data/demo.json', 'utf8')) as {
    email: string;
    password: string;
  };
  await dismissCookieBanner(page);
  await page.goto('/auth');
  await page.getByLabel('Email').fill(demo.email);
  await page.getByLabel('Password').fill(demo.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/auth$/);
}

/** Fails on any serious or critical axe-core finding, naming each rule and where it fired. */
export async function expectNoSeriousAccessibilityViolations(page: Page) {
  // Toasts fade in and out: caught mid-animation their text reads as low contrast. Their settled colours
  // pass (web/components/ui/toaster.tsx); the page under them is what is scanned here.
  const { violations } = await new AxeBuilder({ page }).exclude('[data-sonner-toaster]').analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
