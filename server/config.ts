import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { createKeyring, type Keyring } from './lib/crypto';
import { FAILPOINTS, type FailpointName } from './lib/failpoint';
import { isLoopbackHost } from './lib/sandbox-access';
import {
  TWILIO_ACCOUNT_SID,
  TWILIO_MESSAGING_SERVICE_SID,
  type TwilioCredentials,
} from './integrations/sms/twilio/credentials';

/**
 * The only reader of process.env. Every variable is listed in .env.example. Empty strings count as unset.
 * Sandbox mode needs no variable at all; live mode refuses to start without the secrets it needs.
 */
const emptyAsUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const seconds = (fallback: number) =>
  z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).default(fallback));
const optionalSeconds = z.preprocess(emptyAsUndefined, z.coerce.number().int().min(1).max(86_400).optional());

const envSchema = z.object({
  APP_MODE: z.preprocess(emptyAsUndefined, z.enum(['sandbox', 'live']).optional()),
  NODE_ENV: z.preprocess(
    emptyAsUndefined,
    z.enum(['development', 'production', 'test']).default('development'),
  ),
  PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optionalString,
  PUBLIC_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  AUTH_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  ENCRYPTION_KEY: optionalString,
  /** Comma-separated keys that sealed older values; kept readable during a key rotation. */
  ENCRYPTION_KEY_PREVIOUS: optionalString,
  TRUSTED_ORIGINS: optionalString,
  TRUST_PROXY: z.preprocess(emptyAsUndefined, z.enum(['true', 'false']).default('false')),
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  MAIL_FROM: z.preprocess(emptyAsUndefined, z.string().default('AgentCart <no-reply@agentcart.dev>')),
  CONTACT_INBOX: z.preprocess(emptyAsUndefined, z.email().default('support@agentcart.dev')),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_CONNECT_CLIENT_ID: optionalString,
  /** Platform billing (live, with STRIPE_SECRET_KEY): the signing secret of the billing webhook endpoint. */
  STRIPE_BILLING_WEBHOOK_SECRET: optionalString,
  /** The storefront's Connect webhook endpoint (checkout.session.completed on connected accounts). */
  STRIPE_STOREFRONT_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_GROWTH_GBP: optionalString,
  STRIPE_PRICE_GROWTH_EUR: optionalString,
  STRIPE_PRICE_GROWTH_USD: optionalString,
  STRIPE_PRICE_SCALE_GBP: optionalString,
  STRIPE_PRICE_SCALE_EUR: optionalString,
  STRIPE_PRICE_SCALE_USD: optionalString,
  /** Metered prices on the overage meter, one per billing currency. */
  STRIPE_PRICE_OVERAGE_GBP: optionalString,
  STRIPE_PRICE_OVERAGE_EUR: optionalString,
  STRIPE_PRICE_OVERAGE_USD: optionalString,
  STRIPE_OVERAGE_METER_EVENT: z.preprocess(emptyAsUndefined, z.string().default('agent_order_overage')),
  CONFIRM_LEASE_SECONDS: seconds(180),
  STORE_WRITE_LEASE_SECONDS: seconds(60),
  RECONCILE_INTERVAL_SECONDS: optionalSeconds,
  SETTLE_INTERVAL_SECONDS: optionalSeconds,
  AGENTCART_FAILPOINT: z.preprocess(emptyAsUndefined, z.enum(FAILPOINTS).optional()),
  /** Sandbox: a running `npm run sandbox:world` to use instead of starting simulators in this process. */
  SANDBOX_WORLD_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /** Where `npm run sandbox:world` listens (its simulators take the ports right after it); 0 picks free ones. */
  SANDBOX_WORLD_PORT: z.preprocess(emptyAsUndefined, z.coerce.number().int().min(0).max(65535).default(4400)),
  /** Sandbox: what the mailbox and simulator controls ask for; required when HOST is not loopback. */
  SANDBOX_ACCESS_SECRET: z.preprocess(
    emptyAsUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /** Sign-in codes by SMS (the phone factor): on in sandbox unless turned off; live needs Twilio. */
  PHONE_FACTOR: z.preprocess(emptyAsUndefined, z.enum(['on', 'off']).optional()),
  TWILIO_ACCOUNT_SID: optionalString,
  TWILIO_AUTH_TOKEN: optionalString,
  /** The sender: a Twilio number in E.164 form, or a Messaging Service (which picks the number). */
  TWILIO_FROM_NUMBER: optionalString,
  TWILIO_MESSAGING_SERVICE_SID: optionalString,
  PROVIDER_TIMEOUT_MS: z.preprocess(
    emptyAsUndefined,
    z.coerce.number().int().min(100).max(120_000).default(10_000),
  ),
});

type Env = z.infer<typeof envSchema>;

/** Variables live mode cannot run without, with what each is for (shown when one is missing). */
const LIVE_REQUIRED = {
  DATABASE_URL: 'the PostgreSQL connection string',
  PUBLIC_URL: 'the public https URL of this instance (cookies, links, trusted origin)',
  AUTH_SECRET: 'a random secret of 32+ characters that signs session cookies',
  ENCRYPTION_KEY: 'a 32-byte key (64 hex characters or base64) that encrypts provider credentials',
} as const;

const OPTIONAL_VARS = ['SMTP_URL', 'REDIS_URL', 'STRIPE_SECRET_KEY', 'STRIPE_CONNECT_CLIENT_ID'] as const;

/** What live billing needs once the platform's Stripe key is set, with what each is for. */
const LIVE_BILLING_REQUIRED = {
  STRIPE_BILLING_WEBHOOK_SECRET: "the whsec_ signing secret of the platform's billing webhook endpoint",
  STRIPE_PRICE_GROWTH_GBP: 'the monthly Growth price in GBP',
  STRIPE_PRICE_GROWTH_EUR: 'the monthly Growth price in EUR',
  STRIPE_PRICE_GROWTH_USD: 'the monthly Growth price in USD',
  STRIPE_PRICE_SCALE_GBP: 'the monthly Scale price in GBP',
  STRIPE_PRICE_SCALE_EUR: 'the monthly Scale price in EUR',
  STRIPE_PRICE_SCALE_USD: 'the monthly Scale price in USD',
  STRIPE_PRICE_OVERAGE_GBP: 'the metered overage price in GBP',
  STRIPE_PRICE_OVERAGE_EUR: 'the metered overage price in EUR',
  STRIPE_PRICE_OVERAGE_USD: 'the metered overage price in USD',
} as const;

type PriceByCurrency = Record<'GBP' | 'EUR' | 'USD', string>;

/** The platform's own Stripe Billing: its plan prices, overage prices and billing webhook secret. */
export interface PlatformBillingConfig {
  /** The platform account's secret key (STRIPE_SECRET_KEY). */
  secretKey: string;
  webhookSecret: string;
  planPrices: { growth: PriceByCurrency; scale: PriceByCurrency };
  overagePrices: PriceByCurrency;
  overageMeterEventName: string;
}

/**
 * How long recovery waits before it takes work as abandoned, and how often it looks. The defaults are
 * production's; crash drills shorten them so a recovery takes seconds (docs/decisions/016).
 */
export interface RecoveryTiming {
  /** A card confirm's claim (PROCESSING) and an ACP completion in progress: then its process is dead. */
  confirmLeaseMs: number;
  /** A store write's lease on its order; reconciliation re-queues unwritten orders older than this. */
  storeWriteLeaseMs: number;
  /** reconcile-orders every this many seconds instead of its cron (every 5 minutes). */
  reconcileIntervalSeconds: number | null;
  /** settle-open-checkouts every this many seconds instead of its cron (every 2 minutes). */
  settleIntervalSeconds: number | null;
}

export interface AppConfig {
  mode: 'sandbox' | 'live';
  nodeEnv: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  authSecret: string;
  /** Seals provider credentials; previous keys stay readable during rotation. */
  keyring: Keyring;
  trustedOrigins: string[];
  trustProxy: boolean;
  smtpUrl: string | undefined;
  /** Shared rate-limit counters across instances; in-memory per instance when unset. */
  redisUrl: string | undefined;
  mailFrom: string;
  contactInbox: string;
  logLevel: Env['LOG_LEVEL'];
  /**
   * How long a store or payment provider gets to answer one request before it counts as unavailable;
   * an agent's confirm waits at most this long for the store in all.
   */
  providerTimeoutMs: number;
  missingOptionalEnvVars: string[];
  /** Platform Stripe account for Connect (live); sandbox uses the simulator's. */
  stripeConnect: { secretKey: string; clientId: string } | null;
  /** Live platform billing (on with STRIPE_SECRET_KEY); sandbox takes it from the Stripe simulator. */
  billing: PlatformBillingConfig | null;
  /**
   * The signing secret of the storefront's Connect webhook endpoint: STRIPE_STOREFRONT_WEBHOOK_SECRET
   * live; in sandbox set when the app subscribes on the Stripe simulator (Stripe shows it only then).
   */
  storefrontWebhook: { secret: string };
  /** Whether sign-in codes by SMS (the phone factor) are offered. */
  phoneFactor: boolean;
  /** Live: the Twilio account that sends them (null when the phone factor is off); sandbox uses the simulator's. */
  twilio: TwilioCredentials | null;
  recovery: RecoveryTiming;
  /** Crash drills only: the point at which this process kills itself (lib/failpoint.ts). */
  failpoint: FailpointName | undefined;
  /** Sandbox: the shared simulator world to use; unset starts the simulators in this process. */
  sandboxWorldUrl: string | undefined;
  /** Sandbox: the port `npm run sandbox:world` listens on. */
  sandboxWorldPort: number;
  /**
   * Sandbox: the secret the mailbox, the simulator list and every simulator's controls then require
   * (docs/decisions/034); unset on loopback, where they need none.
   */
  sandboxAccessSecret: string | undefined;
  version: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A 32-byte key given as 64 hex characters or as base64; null when it is not 32 bytes. */
export function parseEncryptionKey(raw: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  return key.length === 32 ? key : null;
}

interface SandboxSecrets {
  authSecret: string;
  encryptionKey: string;
}

/** Sandbox keeps generated secrets in the data directory so that restarts keep sessions and credentials. */
function loadOrCreateSandboxSecrets(dataDir: string): SandboxSecrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as SandboxSecrets;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secrets: SandboxSecrets = {
    authSecret: randomBytes(32).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}

function readVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return pkg.version;
}

/**
 * The Twilio account live mode sends sign-in codes with. The phone factor on without it would offer
 * codes that never arrive, so each missing or misshapen variable is a problem that stops the start.
 */
function liveTwilio(env: Env, problems: string[]): TwilioCredentials | null {
  const before = problems.length;
  const need = 'is required in live mode with PHONE_FACTOR=on';
  if (!env.TWILIO_ACCOUNT_SID) problems.push(`TWILIO_ACCOUNT_SID ${need}: the Twilio Account SID (AC…)`);
  else if (!TWILIO_ACCOUNT_SID.test(env.TWILIO_ACCOUNT_SID))
    problems.push('TWILIO_ACCOUNT_SID: an Account SID is AC followed by 32 hex characters');
  if (!env.TWILIO_AUTH_TOKEN) problems.push(`TWILIO_AUTH_TOKEN ${need}: the Twilio auth token`);
  if (!env.TWILIO_FROM_NUMBER && !env.TWILIO_MESSAGING_SERVICE_SID)
    problems.push(
      `TWILIO_FROM_NUMBER ${need} (or TWILIO_MESSAGING_SERVICE_SID): the sender of the text messages`,
    );
  else if (env.TWILIO_FROM_NUMBER && !/^\+[1-9]\d{7,14}$/.test(env.TWILIO_FROM_NUMBER))
    problems.push('TWILIO_FROM_NUMBER: the sender is a number in E.164 form, e.g. +15017122661');
  else if (
    !env.TWILIO_FROM_NUMBER &&
    !TWILIO_MESSAGING_SERVICE_SID.test(env.TWILIO_MESSAGING_SERVICE_SID ?? '')
  )
    problems.push(
      'TWILIO_MESSAGING_SERVICE_SID: a Messaging Service SID is MG followed by 32 hex characters',
    );
  if (problems.length > before) return null;
  return {
    accountSid: env.TWILIO_ACCOUNT_SID!,
    authToken: env.TWILIO_AUTH_TOKEN!,
    sender: env.TWILIO_FROM_NUMBER
      ? { from: env.TWILIO_FROM_NUMBER }
      : { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID! },
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const env = parsed.data;
  // Live when asked for, or when platform-level live provider keys are present.
  const mode = env.APP_MODE ?? (env.STRIPE_SECRET_KEY?.startsWith('sk_live_') ? 'live' : 'sandbox');
  const dataDir = path.resolve(env.DATA_DIR);
  const problems: string[] = [];

  if (mode === 'live') {
    for (const [name, purpose] of Object.entries(LIVE_REQUIRED)) {
      if (!env[name as keyof typeof LIVE_REQUIRED])
        problems.push(`${name} is required in live mode: ${purpose}`);
    }
    if (env.STRIPE_SECRET_KEY) {
      for (const [name, purpose] of Object.entries(LIVE_BILLING_REQUIRED)) {
        if (!env[name as keyof typeof LIVE_BILLING_REQUIRED])
          problems.push(`${name} is required in live mode with STRIPE_SECRET_KEY (billing): ${purpose}`);
      }
    }
    if (env.AGENTCART_FAILPOINT)
      problems.push('AGENTCART_FAILPOINT is for crash drills only; live mode refuses it (unset it)');
  }
  if (env.STORE_WRITE_LEASE_SECONDS * 1000 <= env.PROVIDER_TIMEOUT_MS) {
    // A lease that ends while its writer still waits on the store lets a second writer start the same
    // order: the store would get it twice.
    problems.push(
      `STORE_WRITE_LEASE_SECONDS (${env.STORE_WRITE_LEASE_SECONDS}) must be longer than the store timeout, PROVIDER_TIMEOUT_MS (${env.PROVIDER_TIMEOUT_MS} ms)`,
    );
  }
  const phoneFactor = (env.PHONE_FACTOR ?? (mode === 'sandbox' ? 'on' : 'off')) === 'on';
  const twilio = mode === 'live' && phoneFactor ? liveTwilio(env, problems) : null;
  if (mode === 'live' && env.SANDBOX_WORLD_URL) {
    problems.push('SANDBOX_WORLD_URL is sandbox only: live mode talks to the real providers');
  }
  const host = env.HOST ?? (mode === 'sandbox' ? '127.0.0.1' : '0.0.0.0');
  if (mode === 'sandbox' && !isLoopbackHost(host) && !env.SANDBOX_ACCESS_SECRET) {
    // The mailbox holds every sign-in link: open to the network, it would sign anyone in as anyone.
    problems.push(
      `HOST=${host} is not a loopback address, and the sandbox's mailbox (/__sim/mail, with every sign-in link) and simulator controls have no login. Set SANDBOX_ACCESS_SECRET to a random secret of 32+ characters (e.g. from: openssl rand -base64 32) and open /__sim/mail?access=<that secret> once in your browser, or unset HOST to listen on 127.0.0.1 only`,
    );
  }
  if (mode === 'live' && env.SANDBOX_ACCESS_SECRET) {
    problems.push('SANDBOX_ACCESS_SECRET is sandbox only: live mode has no mailbox or simulators (unset it)');
  }
  const sandboxSecrets = mode === 'sandbox' ? loadOrCreateSandboxSecrets(dataDir) : undefined;
  const rawKey = env.ENCRYPTION_KEY ?? sandboxSecrets?.encryptionKey;
  const encryptionKey = rawKey ? parseEncryptionKey(rawKey) : null;
  if (rawKey && !encryptionKey) problems.push('ENCRYPTION_KEY: Encryption key must be 32 bytes');
  const previousKeys = (env.ENCRYPTION_KEY_PREVIOUS ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean)
    .map((k) => parseEncryptionKey(k));
  if (previousKeys.some((k) => !k)) problems.push('ENCRYPTION_KEY_PREVIOUS: Encryption key must be 32 bytes');
  if (problems.length > 0) throw new ConfigError(problems);

  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const extraOrigins = (env.TRUSTED_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

  return {
    mode,
    nodeEnv: env.NODE_ENV,
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    authSecret: (env.AUTH_SECRET ?? sandboxSecrets?.authSecret) as string,
    keyring: createKeyring(encryptionKey as Buffer, previousKeys as Buffer[]),
    trustedOrigins: [publicUrl, ...(mode === 'sandbox' ? loopbackAliases(publicUrl) : []), ...extraOrigins],
    trustProxy: env.TRUST_PROXY === 'true',
    smtpUrl: env.SMTP_URL,
    redisUrl: env.REDIS_URL,
    mailFrom: env.MAIL_FROM,
    contactInbox: env.CONTACT_INBOX,
    logLevel: env.LOG_LEVEL,
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
    missingOptionalEnvVars: OPTIONAL_VARS.filter((name) => !env[name]),
    storefrontWebhook: { secret: env.STRIPE_STOREFRONT_WEBHOOK_SECRET ?? '' },
    stripeConnect:
      env.STRIPE_SECRET_KEY && env.STRIPE_CONNECT_CLIENT_ID
        ? { secretKey: env.STRIPE_SECRET_KEY, clientId: env.STRIPE_CONNECT_CLIENT_ID }
        : null,
    billing:
      mode === 'live' && env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_BILLING_WEBHOOK_SECRET!,
            planPrices: {
              growth: {
                GBP: env.STRIPE_PRICE_GROWTH_GBP!,
                EUR: env.STRIPE_PRICE_GROWTH_EUR!,
                USD: env.STRIPE_PRICE_GROWTH_USD!,
              },
              scale: {
                GBP: env.STRIPE_PRICE_SCALE_GBP!,
                EUR: env.STRIPE_PRICE_SCALE_EUR!,
                USD: env.STRIPE_PRICE_SCALE_USD!,
              },
            },
            overagePrices: {
              GBP: env.STRIPE_PRICE_OVERAGE_GBP!,
              EUR: env.STRIPE_PRICE_OVERAGE_EUR!,
              USD: env.STRIPE_PRICE_OVERAGE_USD!,
            },
            overageMeterEventName: env.STRIPE_OVERAGE_METER_EVENT,
          }
        : null,
    phoneFactor,
    twilio,
    recovery: {
      confirmLeaseMs: env.CONFIRM_LEASE_SECONDS * 1000,
      storeWriteLeaseMs: env.STORE_WRITE_LEASE_SECONDS * 1000,
      reconcileIntervalSeconds: env.RECONCILE_INTERVAL_SECONDS ?? null,
      settleIntervalSeconds: env.SETTLE_INTERVAL_SECONDS ?? null,
    },
    failpoint: env.AGENTCART_FAILPOINT,
    sandboxWorldUrl: env.SANDBOX_WORLD_URL?.replace(/\/$/, ''),
    sandboxWorldPort: env.SANDBOX_WORLD_PORT,
    sandboxAccessSecret: env.SANDBOX_ACCESS_SECRET,
    version: readVersion(),
  };
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The sandbox listens on loopback and is opened at whichever loopback name the newcomer types, so each
 * of them is one of our origins there. Live mode trusts only PUBLIC_URL and TRUSTED_ORIGINS.
 */
function loopbackAliases(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [];
  return LOOPBACK_HOSTS.filter((host) => host !== url.hostname).map((host) => {
    const alias = new URL(publicUrl);
    alias.hostname = host;
    return alias.origin;
  });
}
