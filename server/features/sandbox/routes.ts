import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { SANDBOX_WOOCOMMERCE_ORDERS_PATH } from '../../integrations/stores/woocommerce';
import { AppError } from '../../lib/app-error';
import { requireSandboxAccess } from '../../lib/sandbox-access';
import { registerSandboxMailbox } from '../mail';

/** Sandbox only: the texts the product sent, on the Twilio simulator's page (like the sandbox mailbox). */
export const SANDBOX_PHONE_PATH = '/__sim/sms';

/**
 * The sandbox surface under `/__sim` (nothing in live mode): the access check first, then the mailbox
 * and the simulators' directory.
 */
export function registerSandbox(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'runtime'>) {
  if (ctx.config.mode !== 'sandbox') return;
  registerSandboxAccess(app, ctx.config);
  registerSandboxMailbox(app, ctx);
  registerSandboxRoutes(app, ctx.runtime);
}

/**
 * Sandbox only: the sandbox surface under `/__sim` needs the access secret when one is set (off
 * loopback, docs/decisions/034). Registered before the routes it guards, the mailbox's included.
 */
function registerSandboxAccess(
  app: FastifyInstance,
  config: Pick<AppConfig, 'sandboxAccessSecret' | 'publicUrl'>,
) {
  if (!config.sandboxAccessSecret) return;
  requireSandboxAccess(app, {
    secret: config.sandboxAccessSecret,
    prefix: '/__sim',
    secureCookie: config.publicUrl.startsWith('https://'),
  });
}

/**
 * Sandbox only: where each provider's simulator listens. Each simulator's own `GET /__sim` lists its
 * controls and the sandbox credentials a person can paste into the settings forms.
 */
function registerSandboxRoutes(app: FastifyInstance, runtime: IntegrationRuntime) {
  app.get('/__sim', async () => runtime.simulators);
  // The same credentials, from the app's own origin, so its settings forms can offer to fill them in.
  app.get('/__sim/credentials', async () => runtime.sandboxCredentials);
  // The Twilio simulator's page served from the app's own origin: its port can change, it listens on
  // loopback only, and it asks for the access secret when one is set, which the app holds.
  app.get(SANDBOX_PHONE_PATH, async (_request, reply) =>
    sendSimulatorPage(reply, runtime, 'twilio', 'Twilio', '/__sim/messages'),
  );
  // The Stripe simulator's dashboard of one account: "View in Stripe" in sandbox opens it
  // (SANDBOX_STRIPE_ACCOUNT_PATH in common/api/connections.ts).
  app.get<{ Params: { account: string } }>('/__sim/stripe/accounts/:account', async (request, reply) => {
    const account = request.params.account;
    if (!/^acct_[A-Za-z0-9]{1,64}$/.test(account))
      throw new AppError('not_found', 'No Stripe account has this id.');
    return sendSimulatorPage(reply, runtime, 'stripe', 'Stripe', `/__sim/accounts/${account}`);
  });
  // The WooCommerce simulator's orders page of one store: "Open store" in sandbox opens it
  // (SANDBOX_WOOCOMMERCE_ORDERS_PATH in server/integrations/stores/woocommerce).
  app.get<{ Params: { store: string } }>(
    SANDBOX_WOOCOMMERCE_ORDERS_PATH(':store'),
    async (request, reply) => {
      const store = request.params.store;
      if (!/^[a-z0-9-]{1,63}$/.test(store))
        throw new AppError('not_found', 'No simulated store has this name.');
      return sendSimulatorPage(reply, runtime, 'woocommerce', 'WooCommerce', `/__sim/stores/${store}/orders`);
    },
  );
}

/** A simulator's HTML page passed on from the app's origin (a missing account's page keeps its 404). */
async function sendSimulatorPage(
  reply: FastifyReply,
  runtime: IntegrationRuntime,
  id: string,
  name: string,
  path: string,
) {
  const simulator = runtime.simulators[id];
  if (!simulator) throw new AppError('not_found', `The ${name} simulator is not running.`);
  const page = await fetch(`${simulator.baseUrl}${path}`, {
    headers: runtime.simulatorAccessHeaders,
    signal: AbortSignal.timeout(runtime.timeoutMs),
  }).catch(() => null);
  if (!page || (!page.ok && page.status !== 404)) {
    throw new AppError(
      'provider_unavailable',
      `The ${name} simulator did not answer. Restart the sandbox (npm start) and try again.`,
    );
  }
  return reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    .send(await page.text());
}
