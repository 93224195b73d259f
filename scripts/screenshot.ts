/**
 * Screenshots pages at desktop and mobile width, for looking at what we built.
 *   npx tsx scripts/screenshot.ts http://localhost:3000 / /pricing /contact
 * Writes .tmp/screens/<page>-desktop.png and <page>-mobile.png and prints any console errors.
 * With --no-js, shoots the pages as served, before hydration (…-desktop-nojs.png).
 */
import { mkdirSync } from 'node:fs';
import { launchChromium } from './chromium';

const noJs = process.argv.includes('--no-js');
const [baseUrl, ...paths] = process.argv.slice(2).filter((arg) => arg !== '--no-js');
if (!baseUrl || paths.length === 0) {
  console.error('usage: tsx scripts/screenshot.ts <baseUrl> <path> [path...]');
  process.exit(2);
}
const outDir = '.tmp/screens';
mkdirSync(outDir, { recursive: true });
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

const browser = await launchChromium();
try {
  for (const path of paths) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      const page = await browser.newPage({ viewport, javaScriptEnabled: !noJs });
      const errors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on('pageerror', (e) => errors.push(e.message));
      // Dismiss the cookie banner so it does not cover the page.
      await page.addInitScript(() => window.localStorage.setItem('gdpr-consent', 'declined'));
      await page.goto(new URL(path, baseUrl).toString(), { waitUntil: 'networkidle' });
      const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
      const file = `${outDir}/${slug}-${name}${noJs ? '-nojs' : ''}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file}${errors.length ? `  console errors: ${errors.join(' | ')}` : ''}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
