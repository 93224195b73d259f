import path from 'node:path';
import { ConfigError, loadConfig } from './config';
import { connectPostgres, startEmbeddedPostgres, type Database } from './db/client';
import { runMigrations } from './db/migrate';
import { ensureDemoMerchant } from './demo-seed';
import { BILLING_WEBHOOK_PATH, subscribeBillingWebhook } from './features/billing';
import { STOREFRONT_WEBHOOK_PATH, subscribeStorefrontWebhook } from './features/storefront';
import { composeServices } from './compose';
import { buildApp } from './http/app';
import { startBackgroundWork } from './job-registry';
import { armFailpoint } from './lib/failpoint';
import { createLogger } from './lib/logger';
import { createFilesPrivately, keepDirectoryPrivate } from './lib/private-files';

/** The composition root: config -> database + migrations -> services -> HTTP. */
async function main() {
  // Before anything writes DATA_DIR (loading the config creates it and the sandbox's secrets).
  createFilesPrivately();
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(`AgentCart cannot start.\n${err.message}\nSee .env.example for every variable.`);
      process.exit(1);
    }
    throw err;
  }
  keepDirectoryPrivate(config.dataDir);
  const logger = createLogger(config.logLevel);
  armFailpoint(config.failpoint);

  const database: Database = config.databaseUrl
    ? connectPostgres(config.databaseUrl, {
        onIdleError: (err) => logger.warn({ err }, 'database connection lost'),
      })
    : await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'pglite') });
  await runMigrations(database);

  // Simulators are sandbox-only code: a live process never loads them.
  const simulators =
    config.mode === 'sandbox'
      ? await (
          await import('#sandbox/world/sandbox-world')
        ).openSandboxWorld(config, (err) =>
          logger.error({ err }, 'the sandbox world stopped: its simulators no longer answer'),
        )
      : null;
  const services = composeServices({ config, database, logger, simulators });
  const app = await buildApp(services);
  const background = await startBackgroundWork(services, {
    work: true,
    soleInstance: database.kind === 'embedded',
  });

  const demo = simulators
    ? await ensureDemoMerchant({ ...services, dataDir: config.dataDir, simulators })
    : null;
  // Live billing's endpoint is set up in Stripe's dashboard (STRIPE_BILLING_WEBHOOK_SECRET).
  if (simulators && services.billing) {
    await subscribeBillingWebhook(services.billing, `${config.publicUrl}${BILLING_WEBHOOK_PATH}`);
  }
  // Live, the storefront's Connect endpoint is set up in Stripe's dashboard (STRIPE_STOREFRONT_WEBHOOK_SECRET).
  if (simulators) {
    await subscribeStorefrontWebhook(
      services.runtime,
      config.storefrontWebhook,
      `${config.publicUrl}${STOREFRONT_WEBHOOK_PATH}`,
    );
  }

  await app.listen({ port: config.port, host: config.host });

  const lines = [
    '',
    `  AgentCart is running in ${config.mode} mode`,
    `  Open        ${config.publicUrl}`,
    `  Database    ${database.kind === 'embedded' ? `embedded PostgreSQL in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)'}`,
  ];
  if (simulators) {
    lines.push(
      `  World       ${config.sandboxWorldUrl ? `${config.sandboxWorldUrl} (SANDBOX_WORLD_URL)` : `simulators on their own thread, state in ${path.join(config.dataDir, 'sandbox-world')}`}`,
    );
  }
  if (demo) {
    lines.push(
      `  Demo login  ${demo.email} / ${demo.password}   (also in ${path.join(config.dataDir, 'demo.json')})`,
      `  API key     ${demo.apiKey}`,
      `  Mailbox     ${config.publicUrl}/__sim/mail${config.sandboxAccessSecret ? '?access=<SANDBOX_ACCESS_SECRET>   (once per browser: /__sim needs it off loopback)' : ''}`,
      `  Simulators  ${config.publicUrl}/__sim   (each simulator's own /__sim lists its controls and credentials)`,
      '',
      '  Try the agent API:',
      `    curl -s ${config.publicUrl}/api/agent/offer -H 'Authorization: Bearer ${demo.apiKey}' \\`,
      `      -H 'Content-Type: application/json' -d '{"items":[{"sku":"TEST-PRODUCT-001","quantity":1}],"shipping_to":{"country":"GB","postcode":"SW1A 1AA"}}'`,
      '  or play a whole agent: npm run demo:agent   (ACP checkout sessions: npm run demo:agent -- --acp)',
      `  ACP         ${config.publicUrl}/acp/checkout_sessions   (discovery: ${config.publicUrl}/.well-known/acp.json, docs: ${config.publicUrl}/docs#acp)`,
    );
  }
  console.log(`${lines.join('\n')}\n`);

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await app.close();
    await background.stop();
    await simulators?.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`AgentCart could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
