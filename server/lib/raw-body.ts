import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Routes whose body must be read as the exact text sent, because a signature covers those bytes:
 * `register` adds them to a scope where every content type arrives as a string of at most `bodyLimit`
 * bytes, parsed only once it is verified.
 */
export function registerRawBodyRoutes(
  app: FastifyInstance,
  bodyLimit: number,
  register: (scope: FastifyInstance) => void,
): void {
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit }, (_req, body, done) => done(null, body));
    register(scope);
  });
}

/** What a raw-body route received ('' when the request had no body). */
export const rawBodyOf = (request: FastifyRequest): string =>
  typeof request.body === 'string' ? request.body : '';

/**
 * The rate limit of a signed receiver: anyone may call one (no sign-in, the signature is checked after
 * the body is read), so each address gets an allowance far above what a provider sends from one of its
 * addresses and far below what it takes to load the server. Counted in the shared store with REDIS_URL.
 */
export const SIGNED_RECEIVER_LIMIT = { rateLimit: { max: 300, timeWindow: '1 minute' } };
