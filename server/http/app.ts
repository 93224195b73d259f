import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import helmet from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { usePlainValidationMessages } from '#common/validation/plain-messages';
import type { AppContext } from '../app-context';
import { registerAcpAgentRoutes } from '../features/acp-agents/routes';
import { registerAgentApplicationRoutes } from '../features/agent-application/routes';
import { registerConnectionRoutes } from '../features/connections/routes';
import { registerSandbox } from '../features/sandbox';
import { registerAcpRoutes } from '../features/acp/routes';
import { registerUcpRoutes } from '../features/ucp';
import { registerAgentApiRoutes } from '../features/agent-api/routes';
import { registerPaymentWebhookRoutes } from '../features/commerce';
import { registerDeveloperRoutes } from '../features/developers/routes';
import { registerDiscoveryRoutes } from '../features/discovery/routes';
import { registerAuth } from '../features/auth';
import { registerBillingRoutes } from '../features/billing';
import { registerContactRoutes } from '../features/contact/routes';
import { registerStorefrontRoutes } from '../features/storefront';
import { registerFeedRoutes } from '../features/feed';
import { registerAgentTestRoutes } from '../features/agent-tests/routes';
import { registerOrderRoutes } from '../features/orders';
import { registerOrderStatusRoutes } from '../features/order-status';
import { registerAnalyticsRoutes } from '../features/analytics/routes';
import { registerPaymentsHistoryRoutes } from '../features/payments-history/routes';
import { registerRefundRoutes, registerRefundWebhookRoutes } from '../features/refunds';
import { registerMerchantRoutes } from '../features/merchants/routes';
import { registerMerchantWebhookRoutes } from '../features/merchant-webhooks';
import { registerNotificationRoutes } from '../features/notifications';
import { registerSecurityEventRoutes } from '../features/security-events/routes';
import { registerSecurityMonitoringRoutes } from '../features/security-monitoring/routes';
import { recordRequestError } from '../features/status/record-request-error';
import { registerStatusRoutes } from '../features/status/routes';
import { registerReadinessRoutes } from '../features/readiness/routes';
import { AppError } from '../lib/app-error';
import { MALFORMED_TARGET_PATH, routableTarget } from './canonical-path';
import { registerCsrfProtection } from './csrf';
import { answerFrameworkError, registerErrorHandling } from './errors';
import { registerHostileInputGuard } from './hostile-input';
import { sharedRateLimitStore } from './shared-rate-limit-store';
import { registerWebApp } from './spa';

const isApiSurface = (url: string) => /^\/(api\/|acp(\/|$)|ucp(\/|$)|mcp$)/.test(url);

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;
const defaultWebRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

/**
 * The content security policy the web app satisfies: scripts only from our origin (Vite emits no inline
 * script); inline styles are allowed because Radix and sonner set them at run time.
 */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  upgradeInsecureRequests: null,
};

/**
 * In sandbox the simulated stores serve their product photos from their own loopback ports over plain
 * http: without these the storefront and settings would show no product image at all.
 */
const SANDBOX_IMAGE_SOURCES = ['http://127.0.0.1:*', 'http://localhost:*'];

const cspDirectives = (mode: 'sandbox' | 'live') =>
  mode === 'sandbox'
    ? { ...CSP_DIRECTIVES, imgSrc: [...CSP_DIRECTIVES.imgSrc, ...SANDBOX_IMAGE_SOURCES] }
    : CSP_DIRECTIVES;

/** One log line per request, written when it ends and naming the request (Fastify writes two). */
class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    // The path without its query string: queries carry buyer e-mails, OAuth codes and tokens.
    const req = {
      method: request.method,
      url: request.url.split('?')[0],
      host: request.host,
      ip: request.ip,
    };
    const line = { req, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export async function buildApp(ctx: AppContext, opts: { webRoot?: string } = {}): Promise<FastifyInstance> {
  usePlainValidationMessages();
  const app = Fastify({
    // pino's Logger is Fastify's logger; the cast only narrows pino's richer type.
    loggerInstance: ctx.logger as FastifyBaseLogger,
    trustProxy: ctx.config.trustProxy,
    // A caller's request id is kept when it looks like one, so traces join up across systems.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    logController: new OneLinePerRequest(),
    frameworkErrors: answerFrameworkError,
    // Routing, and so every guard, sees one canonical spelling of each path (canonical-path.ts).
    rewriteUrl: (req) => routableTarget(req.url ?? '/'),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // API answers are about one caller; no shared cache may keep them unless a route says otherwise.
    if (isApiSurface(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  registerErrorHandling(app, (request, status) => recordRequestError(ctx.db, request, status));
  app.all(MALFORMED_TARGET_PATH, async () => {
    throw new AppError('invalid_request', 'The request path is malformed.');
  });
  registerHostileInputGuard(app);
  // Helmet's headers, built once (the Fastify plugin rebuilt its middleware on every request).
  const securityHeaders = helmet({
    contentSecurityPolicy: { directives: cspDirectives(ctx.config.mode) },
    // The sandbox runs on plain http://localhost; HSTS there would only get in the way.
    hsts: ctx.config.publicUrl.startsWith('https://'),
  });
  app.addHook('onRequest', (request, reply, done) =>
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  // Per-route limits; with REDIS_URL every instance counts against the same limit (each its own while
  // Redis is unreachable).
  const redis = ctx.config.redisUrl
    ? new Redis(ctx.config.redisUrl, {
        connectTimeout: 2_000,
        maxRetriesPerRequest: 1,
        // While Redis is unreachable a count fails at once (and is kept locally) rather than waiting.
        enableOfflineQueue: false,
      })
    : null;
  if (redis) {
    app.addHook('onClose', async () => {
      // QUIT needs a connection; with Redis down there is only the reconnect loop to stop.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { store: sharedRateLimitStore(redis, 'agentcart-rl:', app.log) } : {}),
  });
  registerCsrfProtection(app, ctx.config.trustedOrigins);
  // Before every route: auth's session guard holds each request's session to the session rules (ADR 022).
  registerAuth(app, ctx);
  registerMerchantRoutes(app, ctx);
  registerContactRoutes(app, ctx);
  registerSecurityEventRoutes(app, ctx);
  registerStatusRoutes(app, ctx);
  registerDiscoveryRoutes(app, ctx);
  registerConnectionRoutes(app, ctx);
  registerStorefrontRoutes(app, ctx);
  registerFeedRoutes(app, ctx);
  registerOrderStatusRoutes(app, ctx);
  registerDeveloperRoutes(app, ctx);
  registerReadinessRoutes(app, ctx);
  registerAgentApplicationRoutes(app, ctx);
  registerAcpAgentRoutes(app, ctx);
  registerMerchantWebhookRoutes(app, ctx);
  registerOrderRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerBillingRoutes(app, ctx);
  registerPaymentsHistoryRoutes(app, ctx);
  registerRefundRoutes(app, ctx);
  registerSecurityMonitoringRoutes(app, ctx);
  registerAnalyticsRoutes(app, ctx);
  registerAgentTestRoutes(app, ctx);
  registerAgentApiRoutes(app, ctx);
  registerPaymentWebhookRoutes(app, ctx);
  registerRefundWebhookRoutes(app, ctx);
  registerAcpRoutes(app, ctx);
  registerUcpRoutes(app, ctx);
  registerSandbox(app, ctx);
  // What compose.ts started that ends with the app: the live event listener, the pending access records.
  app.addHook('onClose', () => ctx.liveEvents.close());
  app.addHook('onClose', () => ctx.checkoutAccess.flush());
  await registerWebApp(app, { webRoot: opts.webRoot ?? defaultWebRoot, publicUrl: ctx.config.publicUrl });

  return app;
}
