import type { AppConfig } from './config';
import type { Database } from './db/client';
import { createAuth } from './features/auth/auth';
import { createIntegrationRuntime } from './features/connections/integration-runtime';
import { createMailer } from './features/mail/mailer';
import type { AppContext } from './http/app';
import type { RunningSimulators } from './integrations/simulators';
import { createJobQueue } from './jobs/queue';
import type { Logger } from './lib/logger';

/**
 * Builds the app's services from configuration, shared by the process entry (main.ts) and the test
 * harness so both run the same wiring. In sandbox mode `simulators` are the running provider fakes.
 */
export function composeServices(opts: {
  config: AppConfig;
  database: Database;
  logger: Logger;
  simulators: RunningSimulators | null;
}): AppContext {
  const { config, database, logger, simulators } = opts;
  const stripeSandbox = simulators?.credentials.stripe;
  const runtime = createIntegrationRuntime({
    config,
    logger,
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
  return {
    config,
    db: database.db,
    pool: database.pool,
    auth: createAuth(config, database.db, mailer, logger),
    mailer,
    logger,
    runtime,
    jobs: createJobQueue(database.pool, logger),
  };
}
