import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/client';
import { and, eq } from 'drizzle-orm';
import { composeServices } from '../compose';
import { securityEvents } from '../db/schema/index';
import { subjectHash } from '../features/security-events/record-security-event';
import type { Auth } from '../features/auth/auth';
import type { IntegrationRuntime } from '../integrations/runtime';
import type { OutgoingEmail } from '../features/mail/mailer';
import type { AppContext } from '../app-context';
import { buildApp } from '../http/app';
import { startBackgroundWork } from '../job-registry';
import { startSimulators, type RunningSimulators } from '#sandbox/start-simulators';
import { connectToWorld } from '#sandbox/world/world-manifest';
import type { Clock } from '../lib/clock';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  auth: Auth;
  config: AppConfig;
  runtime: IntegrationRuntime;
  simulators: RunningSimulators | null;
  dataDir: string;
  services: AppContext;
  close(): Promise<void>;
}

/**
 * The real app over HTTP (Fastify inject) on its own fresh database, in sandbox mode. `env` overrides
 * configuration the way environment variables would.
 */
export async function createTestApp(
  opts: {
    env?: Record<string, string>;
    webRoot?: string;
    /** false runs without simulators, as live mode does. */
    simulators?: boolean;
    /** Receives the app's log lines. */
    logStream?: NodeJS.WritableStream;
    /** false creates the queues without working them (tests that drive jobs by hand). */
    jobs?: boolean;
    /** The app's clock (default: the system's); a fixedClock lets a test move time. */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    APP_MODE: 'sandbox',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    LOG_LEVEL: 'silent',
    ...opts.env,
  });
  const database = await createTestDatabase();
  // SANDBOX_WORLD_URL: the app uses a world process's simulators, as several instances would share one.
  const simulators =
    opts.simulators === false
      ? null
      : config.sandboxWorldUrl
        ? await connectToWorld(config.sandboxWorldUrl, { accessSecret: config.sandboxAccessSecret })
        : await startSimulators({ accessSecret: config.sandboxAccessSecret });
  const logger = createLogger(opts.logStream ? 'debug' : config.logLevel, opts.logStream);
  const services = composeServices({ config, database, logger, simulators, clock: opts.clock });
  const outbox: OutgoingEmail[] = [];
  const send = services.mailer.send.bind(services.mailer);
  // In place, so the services that captured the mailer (auth) are recorded too.
  services.mailer.send = async (email) => {
    outbox.push(email);
    return send(email);
  };
  const app = await buildApp(services, { webRoot: opts.webRoot ?? path.join(dataDir, 'no-web-build') });
  outboxes.set(app, outbox);
  await app.ready();
  const background = await startBackgroundWork(services, {
    work: opts.jobs !== false,
    pollingIntervalSeconds: 0.5,
    soleInstance: database.kind === 'embedded',
  });
  return {
    app,
    database,
    db: database.db,
    auth: services.auth,
    config,
    runtime: services.runtime,
    simulators,
    dataDir,
    services,
    async close() {
      await app.close();
      await background.stop();
      await simulators?.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The real app in live mode, as a production deployment runs it: no simulators, the secrets live mode
 * requires. (The database URL is never used: tests always get their own fresh database.)
 */
export function createLiveTestApp(opts: { env?: Record<string, string>; jobs?: boolean } = {}) {
  return createTestApp({
    simulators: false,
    jobs: opts.jobs,
    env: {
      APP_MODE: 'live',
      DATABASE_URL: 'postgres://unused.example/agentcart',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      ...opts.env,
    },
  });
}

let ipCounter = 0;
/** A distinct client address, so tests do not share the per-IP sign-in limits unless they mean to. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface Credentials {
  name: string;
  email: string;
  password: string;
}

let userCounter = 0;
export function newCredentials(overrides: Partial<Credentials> = {}): Credentials {
  userCounter += 1;
  return {
    name: `Test Store ${userCounter}`,
    email: `merchant${userCounter}-${Date.now()}@example.com`,
    password: 'Str0ng!pass',
    ...overrides,
  };
}

/** POST helper that behaves like the web app: JSON body, our origin. */
export function postJson(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  extra: Partial<InjectOptions> = {},
) {
  return app.inject({
    method: 'POST',
    url,
    payload: payload as InjectOptions['payload'],
    remoteAddress: nextIp(),
    ...extra,
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, ...extra.headers },
  });
}

/**
 * What each test app's mailer sent, newest last: recorded in process, so tests read sign-up and sign-in
 * links in live mode too, where the outbound log withholds them.
 */
const outboxes = new WeakMap<FastifyInstance, OutgoingEmail[]>();

/** The newest link to `pathPrefix` e-mailed to `to` by this app, as a path with its query. */
export function mailedLink(app: FastifyInstance, to: string, pathPrefix: string): string {
  const sent = outboxes.get(app) ?? [];
  for (const message of [...sent].reverse()) {
    if (message.to.toLowerCase() !== to.trim().toLowerCase()) continue;
    const url = message.text
      .match(/https?:\/\/\S+/g)
      ?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
    if (url) return url.slice(new URL(url).origin.length);
  }
  throw new Error(`no mail to ${to} with a link to ${pathPrefix}`);
}

/**
 * Signs a merchant up as a person does: the sign-up form, then the confirmation link from the mailbox,
 * which signs them in. Returns the session cookie.
 */
export async function signUp(app: FastifyInstance, creds: Credentials = newCredentials()) {
  const res = await postJson(app, '/api/auth/sign-up/email', creds);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const link = mailedLink(app, creds.email, '/api/auth/verify-email');
  const confirmed = await app.inject({ method: 'GET', url: link, remoteAddress: nextIp() });
  if (confirmed.statusCode !== 302)
    throw new Error(`confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
  const cookie = cookieHeader(confirmed.headers['set-cookie']);
  const session = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  return { cookie, creds, user: session.json().user as { id: string } };
}

/** The auth_failure security events recorded for an e-mail address (stored only as its hash). */
export function authFailuresFor(t: TestApp, email: string) {
  return t.db
    .select()
    .from(securityEvents)
    .where(and(eq(securityEvents.subjectHash, subjectHash(email)), eq(securityEvents.type, 'auth_failure')));
}
