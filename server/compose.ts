import { randomUUID } from 'node:crypto';
import type { AppContext } from './app-context';
import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createLiveEngineEvents } from './events/live-engine-events';
import { createAuth } from './features/auth/auth';
import { createSmsSender } from './features/auth/sms-sender';
import { createPlatformBilling, orderFee } from './features/billing';
import { createOfferCaches } from './features/commerce';
import { createIntegrationRuntime } from './integrations/runtime';
import { createMailer } from './features/mail/mailer';
import { createMerchantForUser } from './features/merchants';
import { createCheckoutAccessRecorder } from './features/security-monitoring';
import {
  verifyAgentSignature,
  verifyUcpPlatformSignature,
} from './features/acp-agents/verify-agent-signature';
import { healthChecker } from './features/status/routes';
import type { RunningSimulators } from './integrations/sandbox-network';
import type { AppInstance } from './jobs/instances';
import { createJobQueue } from './jobs/queue';
import { systemClock, type Clock } from './lib/clock';
import type { Logger } from './lib/logger';

/**
 * Builds the app's services from configuration, shared by the process entry (main.ts) and the test
 * harness so both run the same wiring. In sandbox mode `simulators` are the running provider fakes.
 * The engine's dependencies are assembled here and only here; features receive them as `engine`.
 */
export function composeServices(opts: {
  config: AppConfig;
  database: Database;
  logger: Logger;
  simulators: RunningSimulators | null;
  /** The app's time; tests pass a clock they move (session timeouts). */
  clock?: Clock;
}): AppContext {
  const { config, database, logger, simulators } = opts;
  const clock = opts.clock ?? systemClock;
  const instance: AppInstance = {
    id: randomUUID(),
    leases: {
      confirmLeaseMs: config.recovery.confirmLeaseMs,
      storeWriteLeaseMs: config.recovery.storeWriteLeaseMs,
    },
  };
  const stripeSandbox = simulators?.credentials.stripe;
  const runtime = createIntegrationRuntime({
    config,
    logger,
    timeoutMs: config.providerTimeoutMs,
    clock,
    sandbox: simulators
      ? {
          routes: simulators.routes,
          simulators: simulators.simulators,
          credentials: simulators.credentials,
          stripePlatform: {
            secretKey: stripeSandbox!.platformSecretKey!,
            clientId: stripeSandbox!.clientId!,
          },
        }
      : undefined,
  });
  const mailer = createMailer({
    db: database.db,
    logger,
    from: config.mailFrom,
    smtpUrl: config.smtpUrl,
    mode: config.mode,
  });
  const jobs = createJobQueue(database.pool, logger);
  const sms = createSmsSender(config, runtime);
  const engine: AppContext['engine'] = {
    db: database.db,
    runtime,
    keyring: config.keyring,
    clock,
    logger,
    caches: createOfferCaches(),
    instance,
    jobs,
    platformFee: (merchantId, amountMinor) => orderFee(database.db, merchantId, amountMinor),
  };
  return {
    config,
    db: database.db,
    pool: database.pool,
    auth: createAuth(config, database.db, mailer, logger, clock, sms, (userId, name) =>
      createMerchantForUser(database.db, userId, name),
    ),
    mailer,
    sms,
    logger,
    clock,
    instance,
    runtime,
    jobs,
    engine,
    billing: createPlatformBilling(config, runtime),
    liveEvents: createLiveEngineEvents(database.pool, logger),
    checkoutAccess: createCheckoutAccessRecorder(database.db, logger, clock),
    health: healthChecker({ db: database.db, config, runtime, clock }),
    acpAgents: {
      verifySignature: (merchantId, input) => verifyAgentSignature(engine, merchantId, input),
      verifyUcpSignature: (merchantId, input) => verifyUcpPlatformSignature(engine, merchantId, input),
    },
  };
}
