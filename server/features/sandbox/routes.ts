import type { FastifyInstance } from 'fastify';
import type { IntegrationRuntime } from '../../integrations/runtime';
import { AppError } from '../../lib/app-error';

/** Sandbox only: the texts the product sent, on the Twilio simulator's page (like the sandbox mailbox). */
export const SANDBOX_PHONE_PATH = '/__sim/sms';

/**
 * Sandbox only: where each provider's simulator listens. Each simulator's own `GET /__sim` lists its
 * controls and the sandbox credentials a person can paste into the settings forms.
 */
export function registerSandboxRoutes(app: FastifyInstance, runtime: IntegrationRuntime) {
  app.get('/__sim', async () => runtime.simulators);
  // The same credentials, from the app's own origin, so its settings forms can offer to fill them in.
  app.get('/__sim/credentials', async () => runtime.sandboxCredentials);
  // A stable address on the app's own origin for the Twilio simulator's page (its port can change).
  app.get(SANDBOX_PHONE_PATH, async (_request, reply) => {
    const twilio = runtime.simulators.twilio;
    if (!twilio) throw new AppError('not_found', 'The Twilio simulator is not running.');
    return reply.redirect(`${twilio.baseUrl}/__sim/messages`);
  });
}
