/**
 * Lighthouse with its default (mobile, simulated throttling) settings against a running AgentCart:
 *   npm start                                   # one terminal
 *   npm run lighthouse                          # another: / and /pricing on http://localhost:3000
 *   npm run lighthouse -- http://localhost:3136 / /docs
 * Prints each page's category scores and Core Web Vitals, writes the full reports to .tmp/lighthouse/,
 * and exits non-zero when a page misses issue 14's targets.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from './chromium';

const TARGETS = { performance: 0.95, lcpMs: 2000, cls: 0.05, otherCategories: 1 };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

const [baseUrl = 'http://localhost:3000', ...argPaths] = process.argv.slice(2);
const paths = argPaths.length > 0 ? argPaths : ['/', '/pricing'];
const outDir = '.tmp/lighthouse';
mkdirSync(outDir, { recursive: true });

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const misses: string[] = [];
try {
  for (const path of paths) {
    const url = new URL(path, baseUrl).toString();
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    if (!result) throw new Error(`lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
    writeFileSync(`${outDir}/${slug}.json`, JSON.stringify(lhr));

    const score = (id: (typeof CATEGORIES)[number]) => lhr.categories[id]?.score ?? 0;
    const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const lcp = metric('largest-contentful-paint');
    const cls = metric('cumulative-layout-shift');
    console.log(
      `${path}  ${CATEGORIES.map((c) => `${c} ${score(c).toFixed(2)}`).join('  ')}\n` +
        `  FCP ${(metric('first-contentful-paint') / 1000).toFixed(2)} s  LCP ${(lcp / 1000).toFixed(2)} s  ` +
        `TBT ${metric('total-blocking-time').toFixed(0)} ms  CLS ${cls.toFixed(3)}  ` +
        `SI ${(metric('speed-index') / 1000).toFixed(2)} s`,
    );
    if (lhr.runWarnings.length > 0) console.log(`  warnings: ${lhr.runWarnings.join(' | ')}`);

    if (score('performance') < TARGETS.performance)
      misses.push(`${path}: performance ${score('performance')}`);
    if (lcp > TARGETS.lcpMs) misses.push(`${path}: LCP ${lcp.toFixed(0)} ms`);
    if (cls >= TARGETS.cls) misses.push(`${path}: CLS ${cls.toFixed(3)}`);
    for (const c of CATEGORIES.slice(1)) {
      if (score(c) < TARGETS.otherCategories) {
        const failing = lhr.categories[c]!.auditRefs.filter(
          (ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1,
        ).map((ref) => ref.id);
        misses.push(`${path}: ${c} ${score(c)} (${failing.join(', ')})`);
      }
    }
  }
} finally {
  await chrome.kill();
}
if (misses.length > 0) {
  console.error(`\nMissed targets:\n  ${misses.join('\n  ')}`);
  process.exitCode = 1;
}
