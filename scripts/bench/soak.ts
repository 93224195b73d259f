/**
 * The bench's soak: mixed agent traffic for a bounded time (SOAK_SECONDS, 180 by default) while the
 * store and the Lightning provider go down and up on a schedule, then a bounded wait for the outbox to
 * drain, and a verdict counted from the world's ledgers against the app's database: a checkout charged
 * or paid twice, or a store order written twice, is a duplicate; money taken without an order in the
 * app and in the store is a lost order. Both must be 0. Everything it talks to is on loopback.
 */
import { setMaxListeners } from 'node:events';
import { and, eq, gte, inArray, isNull } from 'drizzle-orm';
import { checkouts, orders, payments } from '../../server/db/schema/index';
import { percentile } from './usage-meter';
import { createMerchantKeys, type BenchInstance } from './instance';
import { runAgent, type AnswerLog } from './soak-agents';
import { assertLoopback, soakWorld, type Outage, type SoakWorld } from './soak-world';

/** Slower than the app's 10 s store timeout: every store call gives up, as when the store is down. */
const SLOW_STORE_MS = 12_000;
const PHASES: { name: string; outage: Outage }[] = [
  { name: 'all up', outage: {} },
  { name: 'store down', outage: { storeDown: true } },
  { name: 'Lightning down', outage: { lightningDown: true } },
  { name: `store slow (${SLOW_STORE_MS / 1000} s)`, outage: { storeLatencyMs: SLOW_STORE_MS } },
  { name: 'store + Lightning down', outage: { storeDown: true, lightningDown: true } },
  { name: 'all up again', outage: {} },
];
const AGENTS = 20;
/** How long the outbox gets after the traffic stops: store writes retry every 5 s, open Lightning checkouts settle within 2 min. */
const DRAIN_LIMIT_MS = 180_000;

export interface SoakPhase {
  name: string;
  fromSec: number;
  toSec: number;
  requests: number;
  non2xx: number;
  p99Ms: number;
  paidCheckouts: number;
  storeOrders: number;
  duplicates: number;
  lostOrders: number;
}

export interface SoakResult {
  seconds: number;
  agents: number;
  phases: SoakPhase[];
  totals: { paidCheckouts: number; storeOrders: number; duplicates: number; lostOrders: number };
  /** Store orders for checkouts that were never paid (must be 0 too). */
  unpaidStoreOrders: number;
  drainedInMs: number | null;
  passed: boolean;
}

function phaseLog(phases: SoakPhase[], startedAt: number, latencies: number[][]): AnswerLog {
  return {
    record(at, ms, status) {
      const index = phases.findIndex((p) => at - startedAt < p.toSec * 1000);
      const phase = phases[index === -1 ? phases.length - 1 : index]!;
      phase.requests += 1;
      if (status < 200 || status >= 300) phase.non2xx += 1;
      latencies[phases.indexOf(phase)]!.push(ms);
    },
  };
}

/** Orders not yet in the store, and paid Lightning checkouts not yet settled; null once both are 0. */
async function outstanding(instance: BenchInstance, world: SoakWorld, since: Date) {
  const { db } = instance.services;
  const unwritten = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(isNull(orders.storeOrderId), gte(orders.createdAt, since)));
  const open = await db
    .select({ invoice: payments.providerInvoiceId })
    .from(checkouts)
    .innerJoin(payments, eq(payments.checkoutId, checkouts.id))
    .where(and(eq(checkouts.status, 'PENDING_PAYMENT'), gte(checkouts.createdAt, since)));
  let paidOpen = 0;
  for (const { invoice } of open) if (invoice && (await world.invoicePaid(invoice))) paidOpen += 1;
  return unwritten.length + paidOpen;
}

async function drain(instance: BenchInstance, world: SoakWorld, since: Date): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < DRAIN_LIMIT_MS) {
    const left = await outstanding(instance, world, since);
    if (left === 0) return Date.now() - started;
    process.stdout.write(`\r  draining: ${left} orders or paid invoices outstanding … `);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return null;
}

/** Every checkout the soak made, with what the app, Stripe, OpenNode and the store each hold for it. */
async function ledgers(instance: BenchInstance, world: SoakWorld, since: Date) {
  const { db } = instance.services;
  const rows = await db
    .select({ checkout: checkouts, payment: payments })
    .from(checkouts)
    .leftJoin(payments, eq(payments.checkoutId, checkouts.id))
    .where(gte(checkouts.createdAt, since));
  const ids = rows.map((r) => r.checkout.id);
  const appOrders = ids.length ? await db.select().from(orders).where(inArray(orders.checkoutId, ids)) : [];
  const storeOrders = await world.storeOrdersByCheckout();
  const entries = [];
  for (const { checkout, payment } of rows) {
    const payments =
      checkout.method === 'btc'
        ? payment?.providerInvoiceId && (await world.invoicePaid(payment.providerInvoiceId))
          ? 1
          : 0
        : await world.succeededCharges(checkout.id);
    entries.push({
      createdAt: checkout.createdAt.getTime(),
      payments,
      appOrders: appOrders.filter((o) => o.checkoutId === checkout.id).length,
      storeOrders: storeOrders.get(checkout.id) ?? [],
    });
  }
  return entries;
}

function printPhases(result: SoakResult) {
  const rows = [
    ['phase', 'seconds', 'requests', 'non-2xx', 'p99 ms', 'paid', 'store orders', 'duplicates', 'lost'],
    ...result.phases.map((p) => [
      p.name,
      `${p.fromSec}-${p.toSec}`,
      String(p.requests),
      String(p.non2xx),
      String(p.p99Ms),
      String(p.paidCheckouts),
      String(p.storeOrders),
      String(p.duplicates),
      String(p.lostOrders),
    ]),
  ];
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
  const line = (row: string[]) =>
    `| ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ')} |`;
  console.log(`\n${line(rows[0]!)}`);
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const row of rows.slice(1)) console.log(line(row));
  const t = result.totals;
  console.log(
    `\nsoak: ${t.paidCheckouts} paid checkouts, ${t.storeOrders} store orders, ${t.duplicates} duplicates, ` +
      `${t.lostOrders} lost orders, ${result.unpaidStoreOrders} store orders without a payment; ` +
      (result.drainedInMs === null
        ? `the outbox did not drain within ${DRAIN_LIMIT_MS / 1000} s`
        : `the outbox drained ${(result.drainedInMs / 1000).toFixed(1)} s after the traffic stopped`),
  );
}

export async function runSoak(instance: BenchInstance, seconds: number): Promise<SoakResult> {
  assertLoopback(instance.url);
  const world = soakWorld(instance.simulators);
  console.log(`\nSoak: ${seconds} s of mixed agent traffic (${AGENTS} agents) with outages`);
  process.stdout.write(`  creating ${AGENTS} merchants (store, Stripe, OpenNode connected) … `);
  const keys = await createMerchantKeys(instance, AGENTS, { card: true, lightning: true });
  await world.restock('TEST-PRODUCT-001', 1_000_000);
  console.log('done');

  const phaseMs = (seconds * 1000) / PHASES.length;
  const phases: SoakPhase[] = PHASES.map((p, i) => ({
    name: p.name,
    fromSec: Math.round((i * phaseMs) / 1000),
    toSec: Math.round(((i + 1) * phaseMs) / 1000),
    requests: 0,
    non2xx: 0,
    p99Ms: 0,
    paidCheckouts: 0,
    storeOrders: 0,
    duplicates: 0,
    lostOrders: 0,
  }));
  const latencies: number[][] = phases.map(() => []);
  const since = new Date();
  const startedAt = since.getTime();
  const stop = new AbortController();
  // Every agent waits on it between flows: as many listeners as agents is expected, not a leak.
  setMaxListeners(AGENTS, stop.signal);
  const log = phaseLog(phases, startedAt, latencies);
  const agents = keys.map((apiKey, offset) =>
    runAgent({ baseUrl: instance.url, apiKey, world, log, stop: stop.signal, offset }),
  );
  for (const [i, phase] of PHASES.entries()) {
    await world.apply(phase.outage);
    console.log(`  ${phases[i]!.fromSec}-${phases[i]!.toSec} s: ${phase.name}`);
    await new Promise((resolve) => setTimeout(resolve, startedAt + (i + 1) * phaseMs - Date.now()));
  }
  stop.abort();
  await Promise.all(agents);
  await world.apply({});
  const drainedInMs = await drain(instance, world, since);
  console.log('');

  let unpaidStoreOrders = 0;
  const phaseAt = (ms: number) =>
    phases[Math.min(phases.length - 1, Math.max(0, Math.floor((ms - startedAt) / phaseMs)))]!;
  for (const entry of await ledgers(instance, world, since)) {
    const phase = phaseAt(entry.createdAt);
    for (const landed of entry.storeOrders) phaseAt(landed.landedAt).storeOrders += 1;
    phase.duplicates +=
      Math.max(0, entry.payments - 1) +
      Math.max(0, entry.appOrders - 1) +
      Math.max(0, entry.storeOrders.length - 1);
    if (entry.payments === 0) {
      unpaidStoreOrders += entry.storeOrders.length;
      continue;
    }
    phase.paidCheckouts += 1;
    if (entry.appOrders === 0 || entry.storeOrders.length === 0) phase.lostOrders += 1;
  }
  phases.forEach(
    (p, i) =>
      (p.p99Ms = Math.round(
        percentile(
          [...latencies[i]!].sort((a, b) => a - b),
          99,
        ),
      )),
  );
  const sum = (key: 'paidCheckouts' | 'storeOrders' | 'duplicates' | 'lostOrders') =>
    phases.reduce((n, p) => n + p[key], 0);
  const totals = {
    paidCheckouts: sum('paidCheckouts'),
    storeOrders: sum('storeOrders'),
    duplicates: sum('duplicates'),
    lostOrders: sum('lostOrders'),
  };
  const result: SoakResult = {
    seconds,
    agents: AGENTS,
    phases,
    totals,
    unpaidStoreOrders,
    drainedInMs,
    passed: totals.duplicates === 0 && totals.lostOrders === 0 && unpaidStoreOrders === 0,
  };
  printPhases(result);
  return result;
}
