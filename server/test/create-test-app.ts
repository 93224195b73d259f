import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type AppConfig } from '../config';
import type { Database } from '../db/client';
import { createAuth, type Auth } from '../features/auth/auth';
import { createMailer } from '../features/mail/mailer';
import { buildApp } from '../http/app';
import { createLogger } from '../lib/logger';
import { createTestDatabase } from './test-database';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  db: Database['db'];
  auth: Auth;
  config: AppConfig;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The real app over HTTP (Fastify inject) on its own fresh database, in sandbox mode. `env` overrides
 * configuration the way environment variables would.
 */
export async function createTestApp(
  opts: { env?: Record<string, string>; webRoot?: string } = {},
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
  const logger = createLogger(config.logLevel);
  const auth = createAuth(config, database.db);
  const mailer = createMailer({
    db: database.db,
    logger,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    mode: config.mode,
  });
  const app = await buildApp(
    { config, db: database.db, auth, mailer, logger },
    { webRoot: opts.webRoot ?? path.join(dataDir, 'no-web-build') },
  );
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    auth,
    config,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
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

/** Signs up a merchant and returns the session cookie. */
export async function signUp(app: FastifyInstance, creds: Credentials = newCredentials()) {
  const res = await postJson(app, '/api/auth/sign-up/email', creds);
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieHeader(res.headers['set-cookie']), creds, user: res.json().user as { id: string } };
}
