import type { FastifyInstance } from 'fastify';
import type { IntegrationRuntime } from '../../integrations/runtime';

/**
 * Sandbox only: where each provider's simulator listens. Each simulator's own `GET /__sim` lists its
 * controls and the sandbox credentials a person can paste into the settings forms.
 */
export function registerSandboxRoutes(app: FastifyInstance, runtime: IntegrationRuntime) {
  app.get('/__sim', async () => runtime.simulators);
  // The same credentials, from the app's own origin, so its settings forms can offer to fill them in.
  app.get('/__sim/credentials', async () => runtime.sandboxCredentials);
}
