import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../../lib/hash';

/** Discovery documents change only with a deploy; agents and caches may keep them five minutes. */
export const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

/**
 * A public JSON document serialized once, answered with an ETag (304 when the agent already has it) and
 * readable from any origin: it holds nothing private, and browser-based agents fetch it cross-origin.
 */
export function publicDocument<Body>(body: Body) {
  const text = JSON.stringify(body);
  const etag = `"${sha256Hex(text).slice(0, 32)}"`;
  return {
    body,
    send(request: FastifyRequest, reply: FastifyReply) {
      reply
        .header('cache-control', DOCUMENT_CACHE_CONTROL)
        .header('etag', etag)
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin');
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type('application/json; charset=utf-8').send(text);
    },
  };
}
export type PublicDocument<Body = unknown> = ReturnType<typeof publicDocument<Body>>;
