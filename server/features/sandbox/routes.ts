import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import type { AppConfig } from '../../config';
import type { IntegrationRuntime } from '../../integrations/runtime';
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
  app.get(SANDBOX_PHONE_PATH, async (_request, reply) => {
    const twilio = runtime.simulators.twilio;
    if (!twilio) throw new AppError('not_found', 'The Twilio simulator is not running.');
    const page = await fetch(`${twilio.baseUrl}/__sim/messages`, {
      headers: runtime.simulatorAccessHeaders,
      signal: AbortSignal.timeout(runtime.timeoutMs),
    }).catch(() => null);
    if (!page?.ok) {
      throw new AppError(
        'provider_unavailable',
        'The Twilio simulator did not answer. Restart the sandbox (npm start) and try again.',
      );
    }
    return reply.type('text/html; charset=utf-8').send(await page.text());
  });
}
