import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Browser-facing mutations must come from one of our own origins (browsers always send Origin on a
 * POST). This covers every auth endpoint, cookie or not (so a foreign page can neither sign a visitor
 * out nor sign them into someone else's account), and every other /api mutation that carries cookies.
 * Requests without cookies elsewhere (agents with API keys, monitors) are not affected.
 */
export function registerCsrfProtection(app: FastifyInstance, trustedOrigins: string[]) {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
    const isAuth = request.url.startsWith('/api/auth/');
    if (!isAuth && !request.headers.cookie) return;
    const origin = request.headers.origin;
    if (!origin || !trustedOrigins.includes(origin)) {
      throw new AppError('forbidden', 'This request must come from the AgentCart app.');
    }
  });
}
