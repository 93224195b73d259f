import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from './app-context';
import { saveBitcoinSettings, verifyAndSaveStripeKey } from './features/connections/payment-connections';
import { loadPaymentConnection, loadStoreConnection } from './features/commerce';
import { saveStoreConnection } from './features/connections/store-connections';
import { createMerchantForUser } from './features/merchants/create-merchant';
import { issueApiKey, merchantByApiKey } from './features/developers/api-keys';
import type { RunningSimulators } from './integrations/sandbox-network';
import { hashPassword } from './lib/password';
import { writePrivateFile } from './lib/private-files';
import { accounts, merchants, users, type Merchant } from './db/schema/index';

export const DEMO_EMAIL = 'demo@agentcart.dev';
export const DEMO_BUSINESS_NAME = 'Demo Outdoor Supply Co.';

export interface DemoCredentials {
  email: string;
  password: string;
  /** The demo merchant's API key for agents (sandbox only). */
  apiKey: string;
}

/** Meets the sign-up rules: upper, lower, digit and one of @$!%*?&. */
function generatePassword(): string {
  return `Demo-${randomBytes(6).toString('hex')}!Aa1`;
}

export interface DemoSeedDeps extends Pick<
  AppContext,
  'auth' | 'db' | 'config' | 'runtime' | 'clock' | 'engine'
> {
  simulators: RunningSimulators;
  dataDir: string;
}

/**
 * Sandbox only: makes sure the demo merchant exists with its demo WooCommerce store, Stripe account and
 * OpenNode account connected (through the same operations a merchant's settings use), and that
 * DATA_DIR/demo.json holds a password that works. Other features add their own keys to that file, so
 * unknown keys are kept.
 */
export async function ensureDemoMerchant(opts: DemoSeedDeps): Promise<DemoCredentials> {
  const file = path.join(opts.dataDir, 'demo.json');
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  let password = typeof saved.password === 'string' ? saved.password : generatePassword();

  const existing = await opts.db.query.users.findFirst({ where: eq(users.email, DEMO_EMAIL) });
  let userId: string;
  if (!existing) {
    // Created through the library's own adapter, as sign-up would, but already confirmed: the demo
    // address is ours, so no confirmation link is mailed for it.
    const { internalAdapter } = await opts.auth.$context;
    const user = await internalAdapter.createUser(
      { email: DEMO_EMAIL, name: DEMO_BUSINESS_NAME, emailVerified: true },
      { method: 'email-password' },
    );
    await internalAdapter.linkAccount({
      userId: user.id,
      providerId: 'credential',
      accountId: user.id,
      password: await hashPassword(password),
    });
    userId = user.id;
  } else {
    userId = existing.id;
    if (typeof saved.password !== 'string') {
      // demo.json was removed but the database kept the user: issue a fresh password and write it down.
      password = generatePassword();
      await opts.db
        .update(accounts)
        .set({ password: await hashPassword(password) })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    }
  }
  const merchant = await createMerchantForUser(opts.db, userId, DEMO_BUSINESS_NAME);
  await connectDemoAccounts(opts, merchant);
  const apiKey = await ensureDemoApiKey(
    opts,
    merchant,
    typeof saved.apiKey === 'string' ? saved.apiKey : null,
  );

  const credentials = { email: DEMO_EMAIL, password, apiKey };
  writePrivateFile(file, JSON.stringify({ ...saved, ...credentials }, null, 2) + '\n');
  return credentials;
}

async function connectDemoAccounts(opts: DemoSeedDeps, initial: Merchant) {
  const deps = {
    db: opts.db,
    runtime: opts.runtime,
    keyring: opts.config.keyring,
    clock: opts.clock,
    caches: opts.engine.caches,
    logger: opts.engine.logger,
    publicUrl: opts.config.publicUrl,
  };
  const fresh = async () =>
    (await opts.db.query.merchants.findFirst({ where: eq(merchants.id, initial.id) }))!;
  const sandbox = opts.simulators.credentials;
  if (!(await loadStoreConnection(deps, initial.id, { platform: 'woocommerce' }))) {
    await saveStoreConnection(deps, await fresh(), 'woocommerce', sandbox.woocommerce);
  }
  if (!(await loadPaymentConnection(deps, initial.id, 'stripe'))) {
    await verifyAndSaveStripeKey(deps, await fresh(), sandbox.stripe.secretKey!);
  }
  if (!(await loadPaymentConnection(deps, initial.id, 'opennode'))) {
    await saveBitcoinSettings(deps, await fresh(), {
      enabled: true,
      provider: 'opennode',
      credentials: { apiKey: sandbox.opennode.apiKey! },
      expiryMins: 15,
    });
  }
  const merchant = await fresh();
  if (!merchant.onboardingState.completed) {
    // Everything onboarding would set up is connected above, so the demo opens on the dashboard.
    await opts.db
      .update(merchants)
      .set({
        onboardingState: {
          ...merchant.onboardingState,
          payment_methods_chosen: true,
          completed: true,
          completed_at: opts.clock.now().toISOString(),
        },
      })
      .where(eq(merchants.id, merchant.id));
  }
}

/** Keeps the key written in demo.json working; issues a new one when it is missing or was rotated. */
async function ensureDemoApiKey(
  opts: DemoSeedDeps,
  merchant: Merchant,
  saved: string | null,
): Promise<string> {
  if (saved && (await merchantByApiKey(opts.db, saved))?.id === merchant.id) return saved;
  const { apiKey } = await issueApiKey(opts.db, merchant.id, opts.config.mode, opts.clock.now());
  return apiKey;
}
