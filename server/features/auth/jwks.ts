import type { FastifyInstance } from 'fastify';

/**
 * The keys of the tokens the product signs, for anyone verifying one (RFC 7517). It signs none that
 * others verify: sessions are opaque httpOnly cookies checked against the database, and webhooks and
 * ACP order events are signed with each merchant's shared secret (HMAC). So the set is empty, and says
 * so explicitly rather than answering 404, which a JWKS client would report as an outage (ADR 020).
 */
const KEY_SET = JSON.stringify({ keys: [] });

export function registerJwksRoute(app: FastifyInstance) {
  app.get('/.well-known/jwks.json', (_request, reply) =>
    reply
      // Verifiers re-fetch on an unknown key id; an hour bounds how long a future rotation waits.
      .header('cache-control', 'public, max-age=3600')
      .header('access-control-allow-origin', '*')
      .type('application/jwk-set+json; charset=utf-8')
      .send(KEY_SET),
  );
}
