import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The two HMAC-SHA256 schemes between a merchant and its AI agent platform (ACP).
 *
 * Agent -> merchant (request signing, docs/acp design): `Signature` = base64(HMAC(secret,
 * `${Timestamp}.${rawBody}`)) with `Timestamp` an RFC 3339 date-time, accepted within 5 minutes either way.
 *
 * Merchant -> agent (order-event webhooks, `Merchant-Signature`), in the scheme the ACP version's webhook
 * document names (each version module in features/acp/versions says which):
 * - `body-hex` (2025-09-29): lowercase hex HMAC(secret, rawBody).
 * - `timestamped-hex` (2026-04-17): `t=<unix seconds>,v1=<hex HMAC(secret, `${t}.${rawBody}`)>`, 300 s
 *   tolerance.
 * The key is the secret string as UTF-8 (the whole `whsec_…` value), as Stripe-style secrets are used.
 */
export const SIGNATURE_SKEW_MS = 5 * 60 * 1000;

const RFC3339 = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

function hmac(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(payload, 'utf8').digest();
}

/** Equal-length buffers compared in constant time; different lengths are simply unequal. */
function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

export type RequestSignatureFailure = {
  code: 'invalid_signature' | 'signature_expired' | 'signature_missing';
  message: string;
};

/** What an agent sends: the `Signature` header value for `timestamp` (RFC 3339) and the raw body. */
export function signAgentRequest(secret: string, timestamp: string, rawBody: string): string {
  return hmac(secret, `${timestamp}.${rawBody}`).toString('base64');
}

/**
 * Checks an agent's request signature. Authenticity comes first, so `signature_expired` is only said of
 * a request that really was signed with the secret (a forger learns nothing about the window).
 */
export function checkAgentRequestSignature(input: {
  secret: string;
  rawBody: string;
  signature: string | undefined;
  timestamp: string | undefined;
  now: Date;
}): { ok: true } | ({ ok: false } & RequestSignatureFailure) {
  const { signature, timestamp } = input;
  if (!signature || !timestamp) {
    return {
      ok: false,
      code: 'signature_missing',
      message: 'This merchant requires signed requests: send the Signature and Timestamp headers.',
    };
  }
  if (!RFC3339.test(timestamp) || Number.isNaN(Date.parse(timestamp))) {
    return { ok: false, code: 'invalid_signature', message: 'Timestamp must be an RFC 3339 date-time.' };
  }
  const presented = BASE64.test(signature) ? Buffer.from(signature, 'base64') : Buffer.alloc(0);
  if (!sameBytes(presented, hmac(input.secret, `${timestamp}.${input.rawBody}`))) {
    return { ok: false, code: 'invalid_signature', message: 'The request signature does not match.' };
  }
  if (Math.abs(input.now.getTime() - Date.parse(timestamp)) > SIGNATURE_SKEW_MS) {
    return {
      ok: false,
      code: 'signature_expired',
      message: 'The request Timestamp is more than 5 minutes away from the current time.',
    };
  }
  return { ok: true };
}

export type OrderEventSignatureScheme = 'body-hex' | 'timestamped-hex';

/** The `Merchant-Signature` header value for an order event, in `scheme`. */
export function signOrderEvent(
  scheme: OrderEventSignatureScheme,
  secret: string,
  rawBody: string,
  now: Date,
): string {
  if (scheme === 'body-hex') return hmac(secret, rawBody).toString('hex');
  const t = Math.floor(now.getTime() / 1000);
  return `t=${t},v1=${hmac(secret, `${t}.${rawBody}`).toString('hex')}`;
}

/**
 * What an agent platform does with an order event: verifies `Merchant-Signature` in either scheme
 * (`timestamped-hex` also within its 300 s window). Returns why it failed, or null when valid.
 */
export function orderEventSignatureProblem(
  secret: string,
  rawBody: string,
  header: string | undefined,
  now: Date,
): string | null {
  if (!header) return 'Missing Merchant-Signature header.';
  const v2026 = /^t=(\d+),v1=([a-fA-F0-9]{64})$/.exec(header);
  if (v2026) {
    const t = Number(v2026[1]);
    if (Math.abs(now.getTime() / 1000 - t) > SIGNATURE_SKEW_MS / 1000)
      return 'Timestamp outside allowed window.';
    return sameBytes(Buffer.from(v2026[2]!, 'hex'), hmac(secret, `${t}.${rawBody}`))
      ? null
      : 'Webhook signature verification failed.';
  }
  if (/^[a-fA-F0-9]{64}$/.test(header)) {
    return sameBytes(Buffer.from(header, 'hex'), hmac(secret, rawBody))
      ? null
      : 'Webhook signature verification failed.';
  }
  return 'Merchant-Signature must be 64 hex characters or t=<timestamp>,v1=<64_hex>.';
}
