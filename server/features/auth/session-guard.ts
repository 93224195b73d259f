import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Auth, CurrentSession, SessionGuard, SessionRule } from '../../services/auth';
import type { SessionPolicy } from './session-policy';

/**
 * The dashboard API routes (under /api/) that are not for a signed-in session alone. Every other route
 * under /api/ needs one, so a new route is guarded unless it is added here on purpose. Routes outside
 * /api/ (ACP, webhooks, the web app, the sandbox's pages) are never reached with the session cookie in
 * mind: they are `none`.
 */
export const SESSION_RULE_EXCEPTIONS: Readonly<Record<string, Exclude<SessionRule, 'signed_in'>>> = {
  // Signing up and signing in, before there is a session.
  '/api/auth/sign-up/email': 'none',
  '/api/auth/verify-email': 'none',
  '/api/auth/sign-in/email': 'none',
  '/api/auth/sign-in/magic-link': 'none',
  '/api/auth/magic-link/verify': 'none',
  // The second step of a sign-in (a pending sign-in: no session yet, see ADR 022), or a signed-in
  // person confirming or verifying a factor.
  '/api/auth/two-factor/verify-totp': 'optional',
  '/api/auth/two-factor/verify-backup-code': 'optional',
  '/api/auth/two-factor/send-otp': 'optional',
  '/api/auth/two-factor/verify-otp': 'optional',
  // "Who is signed in" answers null when nobody is; signing out without a session changes nothing.
  '/api/auth/get-session': 'optional',
  '/api/auth/sign-out': 'optional',
  // Stripe sends the merchant's browser back here; the flow's signed state identifies the merchant.
  '/api/connections/stripe/oauth/callback': 'optional',
  // Public: the status page, the contact form, form-error reports, buyers' pages, the storefront.
  '/api/status': 'none',
  '/api/contact': 'none',
  '/api/security-events': 'none',
  '/api/order-status/:token': 'none',
  '/api/order-status/:token/refund-invoice': 'none',
  '/api/storefront/:accountId/products': 'none',
  '/api/storefront/:accountId/checkout': 'none',
  '/api/storefront/:accountId/sessions/:sessionId': 'none',
  // Agents, with the merchant's API key.
  '/api/acp-health': 'none',
  '/api/acp-openapi': 'none',
  '/api/agent-offer': 'none',
  '/api/agent-checkout': 'none',
  '/api/agent-confirm': 'none',
  '/api/agent/offer': 'none',
  '/api/agent/checkout': 'none',
  '/api/agent/confirm': 'none',
  '/api/agent/order/:id': 'none',
  '/api/agent-order/:id': 'none',
  '/api/agent/*': 'none',
};

/** The rule for a registered route (its URL as registered, with `:params`); no route, no session. */
export function sessionRuleOf(routeUrl: string | undefined): SessionRule {
  if (!routeUrl?.startsWith('/api/')) return 'none';
  return SESSION_RULE_EXCEPTIONS[routeUrl] ?? 'signed_in';
}

/**
 * The one place a request's session is looked up and held to the session rules. `admit` runs before
 * anything else about a request (registerSessionGuard); routes then read what it found with `sessionOf`,
 * so no route can use a session the rules have not passed.
 */
export function createSessionGuard(
  getSession: (request: FastifyRequest) => Promise<CurrentSession | null>,
  policy: SessionPolicy,
): SessionGuard {
  const admitted = new WeakMap<FastifyRequest, CurrentSession>();
  return {
    async admit(request: FastifyRequest, rule: SessionRule): Promise<void> {
      if (rule === 'none') return;
      const current = await getSession(request);
      if (!current) {
        if (rule === 'signed_in') throw new AppError('unauthorized', 'You must be signed in.');
        return;
      }
      await policy.enforce(current.session, request);
      admitted.set(request, current);
    },
    sessionOf: (request: FastifyRequest): CurrentSession | null => admitted.get(request) ?? null,
  };
}

/**
 * Runs the guard on every request, before any route's own hooks and handler (and so before the auth
 * library sees it), with the rule of the route the request matched.
 */
export function registerSessionGuard(app: FastifyInstance, auth: Auth) {
  app.addHook('onRequest', (request) =>
    auth.sessionGuard.admit(request, sessionRuleOf(request.routeOptions.url)),
  );
}
