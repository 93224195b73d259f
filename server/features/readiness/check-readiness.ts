import { sql } from 'drizzle-orm';
import type { ReadinessReason, ReadinessReport } from '#common/api/readiness';
import type { Merchant } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import {
  CommerceError,
  merchantCardAccount,
  merchantLightningAccount,
  merchantStore,
  type CommerceDeps,
} from '../commerce';
import { merchantSigningKey } from '../ucp';

type Probe = { configured: boolean; healthy: boolean; problem?: ReadinessReason };

/** Runs one live check against a connected account; "not configured" and "unreachable" are different answers. */
async function probe(
  check: () => Promise<unknown>,
  codes: { missing: ReadinessReason; failing: (message: string) => ReadinessReason },
): Promise<Probe> {
  try {
    await check();
    return { configured: true, healthy: true };
  } catch (err) {
    if (err instanceof CommerceError && err.code === 'not_configured')
      return { configured: false, healthy: false, problem: codes.missing };
    const message = err instanceof ProviderError || err instanceof Error ? err.message : String(err);
    return { configured: true, healthy: false, problem: codes.failing(message) };
  }
}

/**
 * Spec acp-readiness, from the merchant's real connections: every connected account is called once
 * (store connection test, card provider and Bitcoin provider credential checks). BLOCKED when agents
 * cannot buy at all; DEGRADED when something connected is failing; READY when buying works but an
 * optional part is missing; OK when everything is in place. `protocols` says which doors agents can buy
 * through: all of them unless blocked, UCP also needing the merchant's signing key.
 */
export async function checkReadiness(
  deps: CommerceDeps,
  merchant: Merchant,
  meta: { version: string; requestId: string },
): Promise<ReadinessReport> {
  const [app, store, stripe, bitcoin, ucpKey] = await Promise.all([
    deps.db
      .execute(sql`SELECT 1`)
      .then(() => true)
      .catch(() => false),
    probe(
      async () => {
        const s = await merchantStore(deps, merchant);
        await s.adapter.testConnection(s.ctx);
      },
      {
        missing: {
          code: 'STORE_NOT_CONNECTED',
          message: 'Connect your store so agents can see your products.',
          optional: false,
        },
        failing: (m) => ({
          code: 'STORE_UNREACHABLE',
          message: `Your store is not answering: ${m}`,
          optional: false,
        }),
      },
    ),
    probe(
      async () => {
        const card = await merchantCardAccount(deps, merchant);
        await card.provider.verifyCredentials(card.ctx);
      },
      {
        missing: {
          code: 'STRIPE_NOT_CONNECTED',
          message: 'Connect Stripe to accept card payments from agents.',
          optional: true,
        },
        failing: (m) => ({
          code: 'STRIPE_UNHEALTHY',
          message: `Stripe refused or did not answer: ${m}`,
          optional: false,
        }),
      },
    ),
    probe(
      async () => {
        const lightning = await merchantLightningAccount(deps, merchant);
        await lightning.provider.verifyCredentials(lightning.ctx);
      },
      {
        missing: {
          code: 'BITCOIN_NOT_ENABLED',
          message: 'Enable Bitcoin Lightning to accept instant, chargeback-free payments.',
          optional: true,
        },
        failing: (m) => ({
          code: 'BITCOIN_UNHEALTHY',
          message: `Your Bitcoin provider refused or did not answer: ${m}`,
          optional: false,
        }),
      },
    ),
    // UCP's business profile and order webhooks need the merchant's signing key (made on first use).
    merchantSigningKey(deps, merchant.id)
      .then(() => true)
      .catch(() => false),
  ]);

  const reasons: ReadinessReason[] = [store, stripe, bitcoin].flatMap((p) => (p.problem ? [p.problem] : []));
  if (!stripe.configured && !bitcoin.configured) {
    reasons.push({
      code: 'NO_PAYMENT_METHOD',
      message: 'Connect Stripe or enable Bitcoin: at least one payment method must be enabled.',
      optional: false,
    });
  }
  if (!merchant.apiKeyHash) {
    reasons.push({
      code: 'API_KEY_MISSING',
      message: 'Generate an API key for agents in Settings › API.',
      optional: false,
    });
  }
  const keyValid = deps.keyring.current.key.length === 32;
  const canTakePayment = stripe.healthy || bitcoin.healthy;
  const blocked = !app || !keyValid || !store.healthy || !canTakePayment || !merchant.apiKeyHash;
  // One payment method failing while another works: agents can still buy, with fewer options.
  const degraded = (stripe.configured && !stripe.healthy) || (bitcoin.configured && !bitcoin.healthy);
  const status = blocked ? 'BLOCKED' : degraded ? 'DEGRADED' : reasons.length > 0 ? 'READY' : 'OK';
  return {
    status,
    reasons,
    services: {
      app: { healthy: app, configured: true },
      crypto: { healthy: keyValid, configured: true },
      stripe: { healthy: stripe.healthy, configured: stripe.configured },
      bitcoin: { healthy: bitcoin.healthy, configured: bitcoin.configured },
    },
    protocols: { agent_api: !blocked, acp: !blocked, ucp: !blocked && ucpKey },
    version: meta.version,
    request_id: meta.requestId,
    checked_at: deps.clock.now().toISOString(),
  };
}
