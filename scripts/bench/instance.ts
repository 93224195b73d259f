/**
 * The bench's AgentCart: the real app, wired like server/main.ts in sandbox mode (embedded PostgreSQL,
 * migrations, simulators on their own thread, services, background jobs, demo merchant), but on a fresh database
 * in a temporary directory and an ephemeral loopback port. Production defaults are untouched: the bench
 * stays under the per-key rate limits by giving every simulated agent population enough merchant keys.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { pino } from 'pino';
import { composeServices } from '../../server/compose';
import { loadConfig } from '../../server/config';
import { connectPostgres, startEmbeddedPostgres, type Database } from '../../server/db/client';
import { runMigrations } from '../../server/db/migrate';
import { merchants } from '../../server/db/schema/index';
import { ensureDemoMerchant } from '../../server/demo-seed';
import { saveStoreConnection } from '../../server/features/connections/store-connections';
import {
  saveBitcoinSettings,
  verifyAndSaveStripeKey,
} from '../../server/features/connections/payment-connections';
import { issueApiKey } from '../../server/features/developers/api-keys';
import { createMerchantForUser } from '../../server/features/merchants/create-merchant';
import type { AppContext } from '../../server/app-context';
import { buildApp } from '../../server/http/app';
import type { RunningSimulators } from '../../server/integrations/sandbox-network';
import { startWorldInThread } from '#sandbox/world/world-thread';
import { startBackgroundWork } from '../../server/job-registry';
import { createLogger } from '../../server/lib/logger';
import { createUsageMeter, type UsageMeter } from './usage-meter';

export interface BenchInstance {
  url: string;
  app: FastifyInstance;
  services: AppContext;
  simulators: RunningSimulators;
  database: Database;
  demoApiKey: string;
  /** The demo merchant's sign-in, for scenarios that browse the dashboard as a merchant. */
  demoLogin: { email: string; password: string };
  /** Which database it runs on. */
  databaseKind: 'embedded PGlite' | 'PostgreSQL server';
  /** Where the app's log lines go (at the production default level, `info`, unless told otherwise). */
  logFile: string;
  /** Database statements and outbound calls, counted while a scenario runs. */
  usage: UsageMeter;
  close(): Promise<void>;
}

/** A port that was free a moment ago (the app's PUBLIC_URL must name the port before it listens). */
/**
 * An ephemeral port, held until `release` just before the app listens on it: the simulators also start on
 * ephemeral ports in between, and a port given back at once was sometimes handed to one of them.
 */
async function reservePort(): Promise<{ port: number; release: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { port, release: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A new, empty database on a PostgreSQL server, dropped again on close. */
async function freshServerDatabase(serverUrl: string): Promise<Database> {
  const name = `agentcart_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = connectPostgres(url.toString());
  return {
    ...database,
    async close() {
      try {
        await database.close();
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  };
}

export async function startBenchInstance(
  opts: {
    logLevel?: string;
    /** A PostgreSQL server to run on instead of the embedded database (a fresh database is created). */
    databaseUrl?: string;
    /** Or a database already opened (experiments); closed with the instance. */
    database?: Database;
    /** Runs before the app listens (e.g. to add measuring hooks). */
    beforeListen?: (app: FastifyInstance) => void;
  } = {},
): Promise<BenchInstance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-bench-'));
  const { port, release: releasePort } = await reservePort();
  const config = loadConfig({
    APP_MODE: 'sandbox',
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    PORT: String(port),
    LOG_LEVEL: opts.logLevel ?? 'info',
  });
  // The log lines cost what they cost in production (pino to a file descriptor), without flooding the terminal.
  const logFile = path.join(dataDir, 'app.log');
  const logger = createLogger(
    config.logLevel,
    pino.destination({ dest: logFile, sync: true }) as unknown as NodeJS.WritableStream,
  );

  // Persisted and on their own thread like `npm start`'s, so the figures include what saving the world's
  // state costs, and the simulators' CPU is not the app's, as a real provider's is not.
  const simulators = await startWorldInThread({ dataDir });
  const usage = createUsageMeter(simulators);
  const database =
    opts.database ??
    (opts.databaseUrl
      ? await freshServerDatabase(opts.databaseUrl)
      : await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pglite') }));
  usage.attachPool(database.pool);
  const stopWatchingOutbound = usage.watchOutbound();
  await runMigrations(database);
  const services: AppContext = composeServices({ config, database, logger, simulators });
  const app = await buildApp(services);
  const background = await startBackgroundWork(services, { work: true });
  const demo = await ensureDemoMerchant({ ...services, dataDir, simulators });
  usage.attachRequests(app);
  opts.beforeListen?.(app);
  await releasePort();
  await app.listen({ port, host: '127.0.0.1' });

  return {
    url: `http://127.0.0.1:${port}`,
    app,
    services,
    simulators,
    database,
    demoApiKey: demo.apiKey,
    demoLogin: { email: demo.email, password: demo.password },
    databaseKind: database.kind === 'postgres' ? 'PostgreSQL server' : 'embedded PGlite',
    logFile,
    usage,
    async close() {
      stopWatchingOutbound();
      await app.close();
      await background.stop();
      await simulators.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let merchantCounter = 0;

/**
 * Merchants with the sandbox WooCommerce store (and, with `card`, the sandbox Stripe account; with
 * `lightning`, Bitcoin through the sandbox OpenNode account) connected through the same operations the
 * settings pages use, each with its own API key: one key per agent population slice, so the per-key
 * limits (offer 100/min, checkout and confirm 30/min) hold.
 */
export async function createMerchantKeys(
  instance: BenchInstance,
  count: number,
  opts: { card?: boolean; lightning?: boolean } = {},
): Promise<string[]> {
  const { services, simulators } = instance;
  const deps = services.engine;
  const one = async () => {
    merchantCounter += 1;
    const { user } = await services.auth.api.signUpEmail({
      body: {
        email: `bench-${merchantCounter}-${Date.now()}@example.com`,
        password: 'Bench-pass-1!Aa',
        name: `Bench Store ${merchantCounter}`,
      },
    });
    const merchant = await createMerchantForUser(services.db, user.id, `Bench Store ${merchantCounter}`);
    await saveStoreConnection(deps, merchant, 'woocommerce', simulators.credentials.woocommerce);
    const fresh = async () =>
      (await services.db.query.merchants.findFirst({ where: eq(merchants.id, merchant.id) }))!;
    if (opts.card)
      await verifyAndSaveStripeKey(
        { ...deps, publicUrl: services.config.publicUrl },
        await fresh(),
        simulators.credentials.stripe.secretKey!,
      );
    if (opts.lightning) {
      await saveBitcoinSettings(deps, await fresh(), {
        enabled: true,
        provider: 'opennode',
        credentials: { apiKey: simulators.credentials.opennode.apiKey! },
        expiryMins: 15,
      });
    }
    const { apiKey } = await issueApiKey(services.db, merchant.id, 'sandbox', services.clock.now());
    return apiKey;
  };
  // One at a time: the embedded database runs one transaction at a time anyway.
  const keys: string[] = [];
  while (keys.length < count) keys.push(await one());
  return keys;
}
