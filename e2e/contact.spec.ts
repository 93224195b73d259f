import { dismissCookieBanner, expect, test } from './fixtures';

test('a visitor sends a message that lands in the sandbox mailbox', async ({ page }) => {
  await dismissCookieBanner(page);
  const subject = `Wholesale question ${Date.now()}`;
  await page.goto('/contact');
  await page.getByLabel('Name').fill('Grace Merchant');
  await page.getByLabel('Email').fill('grace@shop.example');
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Message').fill('Do you support multiple WooCommerce stores on one account?');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText("Message sent! We'll get back to you as soon as possible.")).toBeVisible();

  await page.goto('/__sim/mail');
  await expect(page.getByRole('heading', { name: `[Contact] ${subject}` })).toBeVisible();
  await expect(page.getByText('Do you support multiple WooCommerce stores on one account?')).toBeVisible();
});

test('the contact form shows its validation messages', async ({ page }) => {
  await dismissCookieBanner(page);
  await page.goto('/contact');
  await page.getByRole('button', { name: /Send/ }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toBeVisible();
  await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
  await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
});
