import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated mutations must come from one of our own origins. Browsers always send Origin on
 * cross-site POSTs, so a missing or foreign Origin on a request that carries cookies is refused. Requests
 * without cookies (agents with API keys, monitors) are not affected; better-auth applies its own check.
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/auth/')) return;
    if (!request.headers.cookie) return;
    const origin = request.headers.origin;
    if (!origin || !trustedOrigins.includes(origin)) {
      throw new AppError('forbidden', 'This request must come from the AgentCart app.');
    }
  });
}
