/**
 * `npm run bench -- --profile`: a CPU profile of the main thread (the app; the embedded database, the
 * simulators and autocannon run on threads of their own) during the offer scenario (the flow, with
 * --flow-only), written as a .cpuprofile (open it in Chrome DevTools or speedscope) and summarised by
 * where the time goes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples?: number[];
}

/** Buckets, first match wins, ordered from the most to the least specific. */
const CATEGORIES: [string, (url: string, fn: string) => boolean][] = [
  ['idle (waiting for I/O)', (_u, fn) => fn === '(idle)'],
  ['garbage collection', (_u, fn) => fn === '(garbage collector)'],
  ['embedded PostgreSQL (PGlite WASM)', (u) => u.includes('@electric-sql/pglite') || u.startsWith('wasm://')],
  ['in-process simulators (store, Stripe…)', (u) => u.includes('/sandbox/')],
  ['logging (pino)', (u) => /node_modules\/(pino|sonic-boom|fast-redact)/.test(u)],
  ['PostgreSQL driver (pg)', (u) => /node_modules\/(pg|pg-protocol|pg-pool|pg-types)\//.test(u)],
  ['query builder (drizzle)', (u) => u.includes('drizzle-orm')],
  [
    'HTTP framework (fastify, helmet, rate limit)',
    (u) => /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|helmet)/.test(u),
  ],
  ['validation (zod)', (u) => /node_modules\/zod\//.test(u)],
  ['outbound HTTP to the store/providers (fetch)', (u) => u.includes('undici')],
  ['AgentCart code', (u) => u.includes('/server/') || u.includes('/common/')],
  ['Node.js internals (http, net, streams, crypto)', (u) => u.startsWith('node:')],
  ['native / V8 (program)', (_u, fn) => fn === '(program)' || fn === '(root)'],
];

/**
 * A native frame (a socket write, a hash) has no script URL: its time belongs to the nearest caller
 * that has one.
 */
function attributedFrame(node: ProfileNode, parents: Map<number, ProfileNode>): ProfileNode {
  let current: ProfileNode | undefined = node;
  while (current && !current.callFrame.url && !current.callFrame.functionName.startsWith('('))
    current = parents.get(current.id);
  return current ?? node;
}

function categoryOf(node: ProfileNode): string {
  const { url, functionName } = node.callFrame;
  return CATEGORIES.find(([, test]) => test(url, functionName))?.[0] ?? 'other libraries';
}

export async function startProfiling() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    /** Stops, writes the profile and prints the summary. */
    async stop(file: string) {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: CpuProfile };
      session.disconnect();
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(profile));
      summarise(profile, file);
    },
  };
}

function summarise(profile: CpuProfile, file: string) {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map<number, ProfileNode>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n);
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const total = [...hits.values()].reduce((a, b) => a + b, 0) || 1;
  const byCategory = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, count] of hits) {
    const node = byNode.get(id)!;
    const category = categoryOf(attributedFrame(node, parents));
    byCategory.set(category, (byCategory.get(category) ?? 0) + count);
    const { functionName, url, lineNumber } = node.callFrame;
    const where = `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|scripts)\//, '$1/')}:${lineNumber + 1}`;
    byFunction.set(where, (byFunction.get(where) ?? 0) + count);
  }
  const pct = (n: number) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nCPU profile of the main thread (${file}):`);
  for (const [name, count] of [...byCategory].sort((a, b) => b[1] - a[1]))
    console.log(`  ${pct(count)}  ${name}`);
  console.log('  top functions (self time):');
  for (const [name, count] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 12))
    console.log(`  ${pct(count)}  ${name}`);
}
