import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CREATE_FEED_REQUEST, ruleProblem, UPSERT_PRODUCTS_REQUEST } from './feed-rules';

/**
 * The agent's Product Feed API (ACP 2026-04-17 `openapi.feed.yaml`), which merchants push their
 * catalogue to: `POST /feeds`, `GET /feeds/{id}`, `GET|PATCH /feeds/{id}/products`. Feeds belong to
 * the bearer token that created them (another token's request is a 404, as for no feed), every body is
 * checked against the feed schema's field rules, and refusals use the spec's flat error shape.
 */
export interface HostedFeed {
  id: string;
  /** Whose feed it is: the bearer token that created it. */
  token: string;
  target_country?: string;
  updated_at: string;
  products: Map<string, unknown>;
}

export interface FeedRequestRecord {
  received_at: string;
  method: string;
  path: string;
  status: number;
  /** `code` of the error answered, or null. */
  error: string | null;
  products: number;
}

const MAX_REQUESTS = 500;

const feedError = (code: string, message: string, param?: string) => ({
  type: 'invalid_request',
  code,
  message,
  ...(param ? { param } : {}),
});

export function registerFeedApi(
  app: FastifyInstance,
  state: { feeds: Map<string, HostedFeed>; requests: FeedRequestRecord[] },
  now: () => Date,
) {
  const { feeds, requests } = state;
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    body: object,
    products = 0,
  ) => {
    requests.push({
      received_at: now().toISOString(),
      method: request.method,
      path: request.url,
      status,
      error: status >= 400 ? ((body as { code?: string }).code ?? null) : null,
      products,
    });
    if (requests.length > MAX_REQUESTS) requests.shift();
    return reply.status(status).send(body);
  };
  const tokenOf = (request: FastifyRequest) =>
    /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? null;
  /** The caller's token, or the 401 the spec's bearer rule gives. */
  const authorised = (request: FastifyRequest, reply: FastifyReply) => {
    const token = tokenOf(request);
    if (!token) {
      void answer(
        request,
        reply,
        401,
        feedError('unauthorized', 'A bearer token is required (Authorization: Bearer …).'),
      );
    }
    return token;
  };
  const feedOf = (request: FastifyRequest<{ Params: { id: string } }>, token: string) => {
    const feed = feeds.get(request.params.id);
    return feed && feed.token === token ? feed : null;
  };
  const notFound = feedError('feed_not_found', 'Feed not found', 'id');
  const metadata = (feed: HostedFeed) => ({
    id: feed.id,
    ...(feed.target_country ? { target_country: feed.target_country } : {}),
    updated_at: feed.updated_at,
  });

  app.post('/feeds', async (request, reply) => {
    const token = authorised(request, reply);
    if (!token) return reply;
    const problem = ruleProblem(CREATE_FEED_REQUEST, request.body ?? {});
    if (problem) {
      const code = problem.startsWith('$.target_country') ? 'invalid_target_country' : 'invalid_request';
      return answer(request, reply, 400, feedError(code, problem, 'target_country'));
    }
    const body = (request.body ?? {}) as { target_country?: string };
    const feed: HostedFeed = {
      id: `feed_${randomBytes(6).toString('base64url')}`,
      token,
      ...(body.target_country ? { target_country: body.target_country } : {}),
      updated_at: now().toISOString(),
      products: new Map(),
    };
    feeds.set(feed.id, feed);
    return answer(request, reply, 201, metadata(feed));
  });

  app.get<{ Params: { id: string } }>('/feeds/:id', async (request, reply) => {
    const token = authorised(request, reply);
    if (!token) return reply;
    const feed = feedOf(request, token);
    return feed ? answer(request, reply, 200, metadata(feed)) : answer(request, reply, 404, notFound);
  });

  app.get<{ Params: { id: string } }>('/feeds/:id/products', async (request, reply) => {
    const token = authorised(request, reply);
    if (!token) return reply;
    const feed = feedOf(request, token);
    if (!feed) return answer(request, reply, 404, notFound);
    const products = [...feed.products.values()];
    return answer(request, reply, 200, { products }, products.length);
  });

  app.patch<{ Params: { id: string } }>('/feeds/:id/products', async (request, reply) => {
    const token = authorised(request, reply);
    if (!token) return reply;
    const feed = feedOf(request, token);
    if (!feed) return answer(request, reply, 404, notFound);
    const problem = ruleProblem(UPSERT_PRODUCTS_REQUEST, request.body);
    const products = (request.body as { products?: { id: string }[] } | undefined)?.products;
    if (problem || !products?.length) {
      return answer(
        request,
        reply,
        400,
        feedError(
          'invalid_product_payload',
          problem ?? 'products must contain at least one valid Product',
          'products',
        ),
      );
    }
    for (const product of products) feed.products.set(product.id, product);
    feed.updated_at = now().toISOString();
    return answer(request, reply, 200, { id: feed.id, accepted: true }, products.length);
  });
}
