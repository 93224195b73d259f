/**
 * Writes the folder map of README.md and docs/architecture.md from the tree (`npm run docs:map`): every
 * top-level folder, its subfolders, and the subfolders of the folders in EXPANDED, one line each with
 * what the folder holds. server/docs-map.test.ts fails when a committed map differs from what this writes.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const MAP_FILES = ['README.md', 'docs/architecture.md'];
export const MAP_START = '<!-- map:start -->';
export const MAP_END = '<!-- map:end -->';

/** Folders whose subfolders get a line of their own, beyond the first two levels every folder gets. */
const EXPANDED = ['server/features', 'server/integrations', 'web/features'];

/** Never part of the map: tooling output and installed packages (.gitignore), and dot-folders. */
const SKIPPED = new Set(['node_modules', 'dist', 'data', 'test-results', 'playwright-report', 'coverage']);

/**
 * What each folder holds, for folders that do not say it themselves. A folder not listed here describes
 * itself in the first sentence of the comment that opens its index.ts (or index.tsx).
 */
export const DESCRIPTIONS: Record<string, string> = {
  common: 'isomorphic code (no Node or DOM) shared by the server and the web app',
  'common/acp': 'the Agentic Commerce Protocol: zod schemas per dated version, and its error shape',
  'common/api': 'API contracts: request and answer schemas of every dashboard and agent endpoint',
  'common/domain': 'domain constants and rules: money, currencies, payment statuses, plans, shipping, limits',
  'common/validation':
    'form validation rules with their exact messages, the same in the browser and the server',
  docs: 'architecture.md (the main flows), adding-a-provider.md, custom-store.md, acp.md, webhooks.md',
  'docs/decisions': 'architecture decision records (ADRs), numbered',
  e2e: 'Playwright journeys against the built app in sandbox mode',
  sandbox:
    'the sandbox world: a simulator per outside service, its state, the world process; no adapter code (lint)',
  'sandbox/agents': 'a simulated ACP agent that receives and verifies order events',
  'sandbox/payments': 'payment provider simulators (Stripe, OpenNode, CoinCorner, BTCPay, Strike)',
  'sandbox/sms': 'the SMS provider simulator (Twilio) and its phone page',
  'sandbox/stores': 'store platform simulators (WooCommerce, Shopify, BigCommerce, Magento, custom API)',
  'sandbox/webhook-receiver': 'a simulated merchant webhook endpoint',
  'sandbox/world': "the world process: every simulator's state, journalled so it outlives a restart",
  scripts: 'start and dev helpers, pre-rendering, provider scaffold, docs map, screenshots, Lighthouse',
  'scripts/bench': 'load and soak benchmarks (npm run bench) and their history',
  'scripts/eslint': 'project ESLint rules (what may import a simulator, no import cycle between features)',
  server:
    'Fastify app: main.ts, compose.ts, job-registry.ts and demo-seed.ts compose it; config.ts alone reads process.env',
  'server/db': 'Drizzle schema, committed migrations, database client (PostgreSQL or PGlite), triggers.md',
  'server/drills':
    'crash drills: the app killed at failpoints in the money path and restarted (PostgreSQL only)',
  'server/events':
    'engine events: the relay from engine_events to subscribers, and live LISTEN/NOTIFY streams',
  'server/features': 'vertical slices; a feature reaches another only through its index.ts',
  'server/features/acp':
    'the Agentic Commerce Protocol API: checkout sessions over the engine, per ACP version',
  'server/features/acp-agents': "ACP agents' settings and the signed order webhooks sent to them",
  'server/features/agent-api':
    'the documented agent API: offer, checkout, confirm, order, with idempotency keys',
  'server/features/agent-application': 'the bundle a merchant submits to apply for ChatGPT Instant Checkout',
  'server/features/agent-tests':
    "the dashboard's agent tests: a card or Lightning order through the agent API",
  'server/features/analytics': 'sales analytics from the daily rollup the database triggers keep',
  'server/features/auth': 'sign-up, sign-in, sessions, two-factor and IP allowlist around better-auth',
  'server/features/billing': 'plans, trial, usage, transaction fees and the platform subscription at Stripe',
  'server/features/commerce':
    'the engine: offers, checkouts, confirms, settlement, orders and their store writes',
  'server/features/connections':
    'store and payment provider connections, the selling store, Stripe Connect, their credential tests',
  'server/features/contact': 'the contact form',
  'server/features/developers': 'API keys, and the guard that names the merchant of an agent call',
  'server/features/discovery': 'public documents for agents: ACP discovery, OpenAPI, health',
  'server/features/mail': 'outgoing e-mail, and the sandbox mailbox',
  'server/features/merchant-webhooks':
    "engine events to the merchant's own endpoint, signed under Standard Webhooks",
  'server/features/merchants':
    "the merchant's profile, onboarding progress, payment methods and security settings",
  'server/features/notifications':
    'notifications to a merchant by e-mail and in the bell, one per order or as an hourly digest',
  'server/features/order-status': "the buyer's order status page, reached by a secret link",
  'server/features/orders': "the dashboard's orders list and live order stream",
  'server/features/outbound-webhooks':
    'one delivery log, job and retry policy for every webhook the app sends',
  'server/features/payments-history': 'payment history: filters, pages, details and CSV export',
  'server/features/readiness': "the agent readiness report: what stops a merchant's agents from buying",
  'server/features/sandbox': 'sandbox-only routes: the simulators list, their credentials, the sandbox phone',
  'server/features/security-events': 'the security event log, and settings changes recorded in it',
  'server/features/security-monitoring': 'access logs, threat patterns and security metrics',
  'server/features/status': 'the health status response, and the recent request errors it counts',
  'server/features/storefront': "a merchant's hosted storefront and its card checkout",
  'server/http': 'app factory, canonical paths, CSRF guard, error answers, rate limits, web app serving',
  'server/integrations':
    'one folder per outside service: adapter, manifest, contract test (docs/adding-a-provider.md)',
  'server/integrations/agents': 'signatures of webhooks to ACP agents',
  'server/integrations/payments':
    'payment providers (Stripe, OpenNode, CoinCorner, BTCPay, Strike) and their contract',
  'server/integrations/sms': 'SMS providers (Twilio) and their contract',
  'server/integrations/stores':
    'store platforms (WooCommerce, Shopify, BigCommerce, Magento, custom API) and their contract',
  'server/jobs': "durable job queue (pg-boss in the app's PostgreSQL) and the registry of running instances",
  'server/lib': 'domain-free helpers: errors, logging, crypto, passwords, URL safety, caches',
  'server/services':
    'the interfaces of the services AppContext holds (auth, mail, SMS, billing, the engine), implemented by features',
  'server/test': 'test harness: createTestApp() is the real app on a fresh migrated database',
  web: 'React app (Vite, React Router, TanStack Query, Tailwind, Radix); public pages pre-rendered',
  'web/app': 'routes (a lazy chunk per route of common/routes.ts), start-app.tsx, providers, layouts',
  'web/components': 'design system (ui/) and site chrome (layout/)',
  'web/features':
    'one folder per product area; an endpoint is features/<area>/api/<verb-noun>.ts (fetcher and hook)',
  'web/features/account': 'the signed-in account and its payment methods',
  'web/features/agent-apply':
    'applying to ChatGPT Instant Checkout: the application bundle and UAT collection',
  'web/features/agent-testing': 'the agent tester: card and Lightning test orders',
  'web/features/analytics': 'the sales analytics page',
  'web/features/auth': 'sign-up, sign-in, e-mail links, two-factor, and the routes that need a session',
  'web/features/billing': 'subscription, trial and usage banners and cards',
  'web/features/connections': 'store setup, and the card and Bitcoin provider connections',
  'web/features/contact': 'the contact page',
  'web/features/dashboard': 'the dashboard: recent activity, production readiness, quick links',
  'web/features/developers': 'the API key card',
  'web/features/marketing':
    'public pages: home, Bitcoin Lightning, ChatGPT commerce, docs, information pages',
  'web/features/notifications': 'the notification bell and browser notifications',
  'web/features/onboarding': 'the five-step onboarding wizard',
  'web/features/order-status': "the buyer's order status page",
  'web/features/payments': 'the payment history page',
  'web/features/pricing': 'the pricing page, currency switcher and enterprise calculator',
  'web/features/readiness': 'the Agent Readiness panel the dashboard and onboarding step 5 mount',
  'web/features/security-monitoring': 'the security monitoring section: metrics and threat detection',
  'web/features/settings':
    'the settings tabs: general, platform, payments, API, webhooks, notifications, security',
  'web/features/storefront': "a merchant's storefront and its success page",
  'web/lib': 'API client, useZodForm (react-hook-form with common/validation), query client and keys',
  'web/public': 'static files served as they are',
  'web/test': 'test setup and helpers for the web project',
};

function hasFiles(dir: string): boolean {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? !skipped(entry.name) && hasFiles(path.join(dir, entry.name)) : true,
  );
}

const skipped = (name: string) => name.startsWith('.') || SKIPPED.has(name);

function subfolders(root: string, folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !skipped(e.name) && hasFiles(path.join(root, folder, e.name)))
    .map((e) => (folder ? `${folder}/${e.name}` : e.name))
    .sort();
}

/** The folders the map lists, in map order (each followed by the subfolders it lists). */
export function mapFolders(root: string): string[] {
  const out: string[] = [];
  const walk = (folder: string, depth: number) => {
    for (const child of subfolders(root, folder)) {
      out.push(child);
      if (depth < 2 || EXPANDED.includes(child)) walk(child, depth + 1);
    }
  };
  walk('', 1);
  return out;
}

/** The first sentence of the comment an index.ts opens with, or null. */
export function indexDescription(root: string, folder: string): string | null {
  for (const name of ['index.ts', 'index.tsx']) {
    const file = path.join(root, folder, name);
    if (!existsSync(file)) continue;
    const source = readFileSync(file, 'utf8');
    const block = /^\s*\/\*\*?([\s\S]*?)\*\//.exec(source);
    const lines = /^\s*((?:\/\/.*\n\s*)+)/.exec(source);
    const text = block
      ? block[1]!.replace(/^\s*\* ?/gm, ' ')
      : lines
        ? lines[1]!.replace(/^\s*\/\/ ?/gm, ' ')
        : null;
    if (!text) return null;
    const flat = text.replace(/\s+/g, ' ').trim();
    const sentence = /^(.*?\.)(?:\s|$)/.exec(flat)?.[1] ?? flat;
    return sentence.replace(/\.$/, '') || null;
  }
  return null;
}

export class DocsMapError extends Error {}

/** The map as a text block, or a DocsMapError naming every folder without a description. */
export function renderMap(root: string): string {
  const folders = mapFolders(root);
  const missing: string[] = [];
  const rows = folders.map((folder) => {
    const description = DESCRIPTIONS[folder] ?? indexDescription(root, folder);
    if (!description) missing.push(folder);
    const depth = folder.split('/').length - 1;
    return { label: `${'  '.repeat(depth)}${path.basename(folder)}/`, description: description ?? '' };
  });
  const stale = Object.keys(DESCRIPTIONS).filter((folder) => !folders.includes(folder));
  const problems = [
    ...missing.map(
      (folder) =>
        `${folder} has no description: open its index.ts with a /** one sentence */ comment saying what the folder holds, or add '${folder}' to DESCRIPTIONS in scripts/docs-map.ts`,
    ),
    ...stale.map(
      (folder) =>
        `DESCRIPTIONS in scripts/docs-map.ts names ${folder}, which the map does not list: remove it`,
    ),
  ];
  if (problems.length)
    throw new DocsMapError(`The folder map cannot be written:\n- ${problems.join('\n- ')}`);
  const width = Math.max(...rows.map((r) => r.label.length)) + 2;
  const lines = rows.map((r) => `${r.label.padEnd(width)}${r.description}`);
  return ['```text', ...lines, '```'].join('\n');
}

/** `text` with the part between the map markers replaced by `map`. */
export function withMap(text: string, map: string, file: string): string {
  const start = text.indexOf(MAP_START);
  const end = text.indexOf(MAP_END);
  if (start < 0 || end < start) throw new DocsMapError(`${file} has no ${MAP_START} … ${MAP_END} section`);
  return `${text.slice(0, start + MAP_START.length)}\n\n${map}\n\n${text.slice(end)}`;
}

/** Each map file's text as committed and as the generator would write it. */
export function mapFiles(root: string) {
  const map = renderMap(root);
  return MAP_FILES.map((file) => {
    const current = readFileSync(path.join(root, file), 'utf8');
    return { file, current, generated: withMap(current, map, file) };
  });
}

function main() {
  const root = path.resolve(import.meta.dirname, '..');
  try {
    for (const { file, current, generated } of mapFiles(root)) {
      if (current === generated) continue;
      writeFileSync(path.join(root, file), generated);
      console.log(`docs:map: wrote the folder map of ${file}`);
    }
  } catch (err) {
    if (!(err instanceof DocsMapError)) throw err;
    console.error(err.message);
    process.exitCode = 1;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
