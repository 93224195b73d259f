import { expect, test } from './fixtures';

test('the cookie banner choice persists across reloads', async ({ page }) => {
  await page.goto('/');
  const banner = page.getByRole('region', { name: 'Cookie consent' });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('gdpr-consent'))).toBe('accepted');
  await page.reload();
  await expect(page.locator('h1')).toBeVisible();
  await expect(banner).toBeHidden();
});

test('closing the cookie banner counts as declining', async ({ page }) => {
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Close cookie banner' }).click();
  expect(await page.evaluate(() => localStorage.getItem('gdpr-consent'))).toBe('declined');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
});

test('the pricing currency choice survives a reload', async ({ page, context }) => {
  await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
  await page.goto('/pricing');
  await expect(page.getByText('£99').first()).toBeVisible();
  await page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: /USD/ }).click();
  await expect(page.getByText('$119').first()).toBeVisible();
  await expect(page.getByText('$599').first()).toBeVisible();
  await page.reload();
  await expect(page.getByText('$119').first()).toBeVisible();
  await expect(
    page.getByRole('group', { name: 'Currency' }).getByRole('button', { name: /USD/ }),
  ).toHaveAttribute('aria-pressed', 'true');
  const cookie = (await context.cookies()).find((c) => c.name === 'preferred-currency');
  expect(cookie?.value).toBe('USD');
  expect(cookie!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
});
