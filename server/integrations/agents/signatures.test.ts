import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkAgentRequestSignature,
  orderEventSignatureProblem,
  signAgentRequest,
  signOrderEvent,
} from './signatures';

const secret = 'acpsign_test_secret_0123456789';
const body = '{"items":[{"id":"TEST-PRODUCT-001","quantity":1}]}';
const now = new Date('2026-05-01T12:00:00Z');
const stamp = '2026-05-01T12:00:00Z';

const check = (over: Partial<Parameters<typeof checkAgentRequestSignature>[0]> = {}) =>
  checkAgentRequestSignature({
    secret,
    rawBody: body,
    signature: signAgentRequest(secret, stamp, body),
    timestamp: stamp,
    now,
    ...over,
  });

describe('agent request signatures', () => {
  it('is base64 HMAC-SHA256 over "<Timestamp>.<raw body>"', () => {
    const expected = createHmac('sha256', secret).update(`${stamp}.${body}`).digest('base64');
    expect(signAgentRequest(secret, stamp, body)).toBe(expected);
    expect(check()).toEqual({ ok: true });
  });

  it('refuses a tampered body, another secret, a re-dated timestamp and garbage', () => {
    expect(check({ rawBody: body.replace('1}', '2}') })).toMatchObject({
      ok: false,
      code: 'invalid_signature',
    });
    expect(check({ signature: signAgentRequest('another', stamp, body) })).toMatchObject({
      code: 'invalid_signature',
    });
    expect(check({ timestamp: '2026-05-01T12:00:01Z' })).toMatchObject({ code: 'invalid_signature' });
    expect(check({ signature: 'not base64!' })).toMatchObject({ code: 'invalid_signature' });
    expect(check({ signature: Buffer.from('short').toString('base64') })).toMatchObject({
      code: 'invalid_signature',
    });
    expect(check({ timestamp: 'yesterday' })).toMatchObject({
      code: 'invalid_signature',
      message: 'Timestamp must be an RFC 3339 date-time.',
    });
  });

  it('says which header is missing', () => {
    expect(check({ signature: undefined })).toMatchObject({ code: 'signature_missing' });
    expect(check({ timestamp: undefined })).toMatchObject({ code: 'signature_missing' });
  });

  it('accepts 5 minutes of skew either way, and refuses stale or future requests beyond it', () => {
    const at = (ms: number) => new Date(now.getTime() + ms);
    expect(check({ now: at(5 * 60_000) })).toEqual({ ok: true });
    expect(check({ now: at(-5 * 60_000) })).toEqual({ ok: true });
    expect(check({ now: at(5 * 60_000 + 1_000) })).toMatchObject({ code: 'signature_expired' });
    expect(check({ now: at(-5 * 60_000 - 1_000) })).toMatchObject({ code: 'signature_expired' });
  });

  it('only says "expired" of an authentic signature', () => {
    const stale = check({ signature: signAgentRequest('another', stamp, body), now: new Date('2030-01-01') });
    expect(stale).toMatchObject({ code: 'invalid_signature' });
  });
});

describe('order event signatures (Merchant-Signature)', () => {
  const whsec = 'whsec_0123456789abcdef';
  it('body-hex (2025-09-29): hex HMAC of the raw body', () => {
    const header = signOrderEvent('body-hex', whsec, body, now);
    expect(header).toBe(createHmac('sha256', whsec).update(body).digest('hex'));
    expect(orderEventSignatureProblem(whsec, body, header, now)).toBeNull();
    expect(orderEventSignatureProblem('whsec_other', body, header, now)).toBe(
      'Webhook signature verification failed.',
    );
  });

  it('timestamped-hex (2026-04-17): t=<unix>,v1=<hex> over "<t>.<raw body>", within 300 s', () => {
    const header = signOrderEvent('timestamped-hex', whsec, body, now);
    expect(header).toMatch(/^t=\d+,v1=[a-f0-9]{64}$/);
    const t = Math.floor(now.getTime() / 1000);
    expect(header).toBe(`t=${t},v1=${createHmac('sha256', whsec).update(`${t}.${body}`).digest('hex')}`);
    expect(orderEventSignatureProblem(whsec, body, header, now)).toBeNull();
    expect(orderEventSignatureProblem(whsec, `${body} `, header, now)).toBe(
      'Webhook signature verification failed.',
    );
    expect(orderEventSignatureProblem(whsec, body, header, new Date(now.getTime() + 301_000))).toBe(
      'Timestamp outside allowed window.',
    );
    expect(orderEventSignatureProblem(whsec, body, undefined, now)).toBe(
      'Missing Merchant-Signature header.',
    );
    expect(orderEventSignatureProblem(whsec, body, 't=1,v1=zz', now)).toMatch(/must be/);
  });
});

/**
 * Known answers computed once outside this code and written down, so a change to either scheme fails
 * here: HMAC-SHA256 keyed with the secret as UTF-8 text, over "<Timestamp>.<raw body>" (base64) for an
 * agent's request, over the raw body (hex, 2025-09-29) or "<t>.<raw body>" (t=…,v1=hex, 2026-04-17) for
 * an order event.
 */
describe('known answers', () => {
  const REQUEST_SIGNATURE = 'PP+Aidev/hUq33Vpmt6Ap4D83sA7FNggOfCQVG2oiCc=';
  const BODY_HEX = '3df624a3f81554ccc9140a2c7b99e373ba96119be58c4fc31c9e7b3660a36b61';
  const TIMESTAMPED = 't=1777636800,v1=87a0de9876e14ad14f7d1047ac24985127e2dfa7239c58f9133ec616c96b521d';
  const whsec = 'whsec_0123456789abcdef';
  /** The same text with the character at `at` replaced by another one of the same alphabet. */
  const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

  it('agent request Signature: accepts the known answer, refuses a one-byte change of body, secret or signature', () => {
    expect(signAgentRequest(secret, stamp, body)).toBe(REQUEST_SIGNATURE);
    expect(check({ signature: REQUEST_SIGNATURE })).toEqual({ ok: true });
    expect(check({ signature: REQUEST_SIGNATURE, rawBody: body.replace(':1}', ':2}') })).toMatchObject({
      code: 'invalid_signature',
    });
    expect(check({ signature: REQUEST_SIGNATURE, secret: oneByteOff(secret, 8) })).toMatchObject({
      code: 'invalid_signature',
    });
    expect(check({ signature: oneByteOff(REQUEST_SIGNATURE) })).toMatchObject({ code: 'invalid_signature' });
  });

  it('Merchant-Signature body-hex: accepts the known answer, refuses a one-byte change', () => {
    expect(signOrderEvent('body-hex', whsec, body, now)).toBe(BODY_HEX);
    expect(orderEventSignatureProblem(whsec, body, BODY_HEX, now)).toBeNull();
    const failed = 'Webhook signature verification failed.';
    expect(orderEventSignatureProblem(whsec, body.replace(':1}', ':2}'), BODY_HEX, now)).toBe(failed);
    expect(orderEventSignatureProblem(oneByteOff(whsec, 'whsec_'.length), body, BODY_HEX, now)).toBe(failed);
    expect(orderEventSignatureProblem(whsec, body, oneByteOff(BODY_HEX), now)).toBe(failed);
  });

  it('Merchant-Signature timestamped-hex: accepts the known answer, refuses a one-byte change', () => {
    expect(signOrderEvent('timestamped-hex', whsec, body, now)).toBe(TIMESTAMPED);
    expect(orderEventSignatureProblem(whsec, body, TIMESTAMPED, now)).toBeNull();
    const failed = 'Webhook signature verification failed.';
    expect(orderEventSignatureProblem(whsec, body.replace(':1}', ':2}'), TIMESTAMPED, now)).toBe(failed);
    expect(orderEventSignatureProblem(oneByteOff(whsec, 'whsec_'.length), body, TIMESTAMPED, now)).toBe(
      failed,
    );
    expect(
      orderEventSignatureProblem(whsec, body, oneByteOff(TIMESTAMPED, 't=1777636800,v1='.length), now),
    ).toBe(failed);
    expect(
      orderEventSignatureProblem(whsec, body, TIMESTAMPED.replace('t=1777636800', 't=1777636801'), now),
    ).toBe(failed);
  });
});
