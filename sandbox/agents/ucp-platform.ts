import { createHash, createPrivateKey, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto';
import { rawBodyOf, registerRawBodyRoutes } from '#server/lib/raw-body';
import type { Simulator } from '../simulator-kit';
import type { ReceivedOrderEvent } from './simulator';
import { ucpSignatureProblem, type PublicJwk } from './ucp-signature';

/** The UCP version the simulated platform speaks. */
export const UCP_PLATFORM_VERSION = '2026-04-08';
/** The sandbox platform's profile, as its requests name it in `UCP-Agent` (any `<name>.agent.sandbox` works). */
export const UCP_SANDBOX_PLATFORM_PROFILE = 'https://chatgpt.agent.sandbox/ucp/profile';
export const UCP_WEBHOOK_PATH = '/ucp/webhooks/orders';
const ANY_BUSINESS = '*';

const ucpError = (code: string, content: string) => ({
  ucp: { version: UCP_PLATFORM_VERSION, status: 'error' },
  messages: [{ type: 'error', code, content, severity: 'unrecoverable' }],
});

/** The host (and scheme) a request was addressed to: the sandbox network forwards both. */
function origin(headers: Record<string, string | string[] | undefined>) {
  const one = (name: string) => {
    const value = headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const host = (one('x-forwarded-host') ?? one('host') ?? '').toLowerCase();
  const proto = one('x-forwarded-proto') ?? (one('x-forwarded-host') ? 'https' : 'http');
  return { host, proto };
}

/**
 * The agent simulator as a UCP platform (order.md, "Order Event Webhook"; signatures.md):
 * - `GET /ucp/profile`: its platform profile (profile_schema.json, platform_profile), whose order
 *   capability config names `webhook_url` on the same host, and its own ES256 signing key, with which
 *   `POST /__sim/ucp-sign` signs the requests an agent sends as this platform;
 * - `POST /ucp/webhooks/orders`: order webhooks from businesses, verified here with the business's own
 *   public keys (told through `POST /__sim/ucp-business` {profile?, signing_keys}, as the platform read
 *   them from the business's /.well-known/ucp; they add up by kid): `Content-Digest`, the RFC 9421 ES256 signature, the
 *   Standard Webhooks `Webhook-Id`/`Webhook-Timestamp`, and that the signer's `UCP-Agent` profile is the
 *   business's. Each is kept with the ACP events (`GET /__sim/events`), `protocol: "ucp"`.
 */
export function registerUcpPlatform(
  sim: Simulator,
  opts: { record(event: ReceivedOrderEvent): void; takeFailure(): number | null; now(): Date },
) {
  const { app } = sim;
  const { businesses } = sim.keep('ucp-businesses', () => ({ businesses: new Map<string, PublicJwk[]>() }));
  // The platform's own ES256 key: published in its profile, used to sign its requests (POST /__sim/ucp-sign).
  const platformKey = sim.keep('ucp-platform-key', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    return {
      jwk: { ...privateKey.export({ format: 'jwk' }), kid: 'sandbox-platform-1' } as JsonWebKey & {
        kid: string;
      },
    };
  });
  const publicJwk = () => {
    const { kty, crv, x, y, kid } = platformKey.jwk;
    return { kid, kty, crv, x, y, use: 'sig', alg: 'ES256' };
  };

  /**
   * Signs a request as this platform would send it to a business (signatures.md, REST request signing):
   * `Content-Digest` of the body, and ES256 (raw r‖s) over the method, authority, path (and query),
   * `UCP-Agent`, `Idempotency-Key` when sent, `Content-Digest` and `Content-Type` when there is a body.
   * Returns the headers to add.
   */
  sim.control('ucp-sign', (_params, body) => {
    const {
      method,
      url,
      headers,
      body: payload,
    } = (body ?? {}) as {
      method?: unknown;
      url?: unknown;
      headers?: Record<string, string>;
      body?: unknown;
    };
    if (typeof method !== 'string' || typeof url !== 'string' || !URL.canParse(url))
      return { error: 'method and url (absolute) are required' };
    const target = new URL(url);
    const lower: Record<string, string> = {};
    for (const [k, v] of Object.entries(headers ?? {})) lower[k.toLowerCase()] = String(v);
    const raw = typeof payload === 'string' ? payload : '';
    if (raw) {
      lower['content-digest'] = `sha-256=:${createHash('sha256').update(raw, 'utf8').digest('base64')}:`;
      lower['content-type'] ??= 'application/json';
    }
    const components = [
      '@method',
      '@authority',
      '@path',
      ...(target.search ? ['@query'] : []),
      ...('ucp-agent' in lower ? ['ucp-agent'] : []),
      ...('idempotency-key' in lower ? ['idempotency-key'] : []),
      ...(raw ? ['content-digest', 'content-type'] : []),
    ];
    const params = `(${components.map((c) => `"${c}"`).join(' ')});created=${Math.floor(opts.now().getTime() / 1000)};keyid="${platformKey.jwk.kid}"`;
    const value = (c: string) =>
      c === '@method'
        ? method.toUpperCase()
        : c === '@authority'
          ? target.host
          : c === '@path'
            ? target.pathname
            : c === '@query'
              ? target.search
              : lower[c]!;
    const base = [...components.map((c) => `"${c}": ${value(c)}`), `"@signature-params": ${params}`].join(
      '\n',
    );
    const signature = sign('sha256', Buffer.from(base, 'utf8'), {
      key: createPrivateKey({ key: platformKey.jwk, format: 'jwk' }),
      dsaEncoding: 'ieee-p1363',
    });
    return {
      headers: {
        ...(raw ? { 'content-digest': lower['content-digest'], 'content-type': lower['content-type'] } : {}),
        'signature-input': `sig1=${params}`,
        signature: `sig1=:${signature.toString('base64')}:`,
      },
    };
  });

  sim.control('ucp-business', (_params, body) => {
    const { profile, signing_keys: keys } = (body ?? {}) as { profile?: unknown; signing_keys?: unknown };
    if (!Array.isArray(keys) || keys.length === 0)
      return { error: 'signing_keys (array of JWK) is required' };
    // Keys accumulate by kid: one AgentCart origin serves every merchant's profile at the same URL (the
    // caller's key says whose), so each merchant's key is added to what the platform knows of that URL.
    const key = typeof profile === 'string' && profile ? profile : ANY_BUSINESS;
    const known = (businesses.get(key) ?? []).filter(
      (k) => !(keys as PublicJwk[]).some((added) => added.kid === k.kid),
    );
    businesses.set(key, [...known, ...(keys as PublicJwk[])].slice(-1000));
    return { profile: key, keys: businesses.get(key)!.length };
  });

  app.get('/ucp/profile', async (request, reply) => {
    const { host, proto } = origin(request.headers);
    return reply.header('cache-control', 'max-age=60').send({
      ucp: {
        version: UCP_PLATFORM_VERSION,
        services: {
          'dev.ucp.shopping': [
            {
              version: UCP_PLATFORM_VERSION,
              spec: `https://ucp.dev/${UCP_PLATFORM_VERSION}/specification/overview`,
              transport: 'rest',
              schema: `https://ucp.dev/${UCP_PLATFORM_VERSION}/services/shopping/rest.openapi.json`,
            },
          ],
        },
        capabilities: {
          'dev.ucp.shopping.checkout': [
            {
              version: UCP_PLATFORM_VERSION,
              spec: `https://ucp.dev/${UCP_PLATFORM_VERSION}/specification/checkout`,
              schema: `https://ucp.dev/${UCP_PLATFORM_VERSION}/schemas/shopping/checkout.json`,
            },
          ],
          'dev.ucp.shopping.order': [
            {
              version: UCP_PLATFORM_VERSION,
              spec: `https://ucp.dev/${UCP_PLATFORM_VERSION}/specification/order`,
              schema: `https://ucp.dev/${UCP_PLATFORM_VERSION}/schemas/shopping/order.json`,
              config: { webhook_url: `${proto}://${host}${UCP_WEBHOOK_PATH}` },
            },
          ],
        },
        payment_handlers: {},
      },
      signing_keys: [publicJwk()],
    });
  });

  registerRawBodyRoutes(app, 1024 * 1024, (scope) => {
    scope.post(UCP_WEBHOOK_PATH, async (request, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = Array.isArray(value) ? value.join(', ') : value;
      const { host } = origin(request.headers);
      const rawBody = rawBodyOf(request);
      const signer = /profile="([^"]+)"/.exec(headers['ucp-agent'] ?? '')?.[1] ?? null;
      const keys = (signer && businesses.get(signer)) || businesses.get(ANY_BUSINESS);
      let problem: string | null = null;
      if (!signer) problem = 'Missing UCP-Agent header naming the business profile.';
      else if (!keys)
        problem = `This platform does not know the business ${signer} (POST /__sim/ucp-business).`;
      else if (!headers['webhook-id'] || !/^\d+$/.test(headers['webhook-timestamp'] ?? ''))
        problem = 'Missing Webhook-Id or Webhook-Timestamp (unix seconds).';
      else
        problem = ucpSignatureProblem(
          { method: 'POST', authority: host, path: request.url, headers, rawBody },
          keys,
        );
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const answer = (status: number, payload: unknown) => {
        opts.record({
          protocol: 'ucp',
          received_at: opts.now().toISOString(),
          host,
          request_id: headers['webhook-id'] ?? null,
          merchant_signature: headers['signature'] ?? null,
          timestamp: headers['webhook-timestamp'] ?? null,
          content_type: headers['content-type'] ?? null,
          signature_valid: problem === null,
          signature_problem: problem,
          status,
          raw_body: rawBody,
          body,
        });
        return reply.status(status).send(payload);
      };
      const failure = opts.takeFailure();
      if (failure) return answer(failure, ucpError('simulated_failure', 'The platform failed (simulated).'));
      if (problem) return answer(401, ucpError('invalid_signature', problem));
      const order = body as { id?: unknown; line_items?: unknown } | undefined;
      if (!order || typeof order.id !== 'string' || !Array.isArray(order.line_items))
        return answer(400, ucpError('invalid_payload', 'Expected the UCP order entity.'));
      return answer(200, { ucp: { version: UCP_PLATFORM_VERSION, status: 'success' } });
    });
  });
}
