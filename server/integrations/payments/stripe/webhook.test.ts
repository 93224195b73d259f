import { describe, expect, it } from 'vitest';
import { constructStripeEvent } from './webhook';

/**
 * A known answer computed once outside this code (`t=<t>,v1=` + hex HMAC-SHA256 of "<t>.<raw body>",
 * keyed with the whole `whsec_…` secret as text) and written down, so a change to the adapter's scheme,
 * or to stripe-node's underneath it, fails here.
 */
const SECRET = 'whsec_test_5mK8pQ2rT7vX';
const BODY =
  '{"id":"evt_3QkR1a2b3c4d5e6f","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_3QkR1a2b3c4d5e6f","object":"payment_intent"}}}';
const T = 1_700_000_000;
const V1 = '6b07e4b8e9274e3e6b15cbc36ec4823e3a7b9a96a9c5b9b9b41d385b1fa45066';
const HEADER = `t=${T},v1=${V1}`;
const NOW = new Date((T + 10) * 1000);

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

const refusal = (body: string, header: string, secret: string, now = NOW) => {
  try {
    constructStripeEvent(body, header, secret, now);
    return null;
  } catch (error) {
    return error as { kind?: string };
  }
};

describe('Stripe-Signature, known answer', () => {
  it('accepts the known answer, also beside a v1 from a rolled secret', () => {
    expect(constructStripeEvent(BODY, HEADER, SECRET, NOW)).toMatchObject({ id: 'evt_3QkR1a2b3c4d5e6f' });
    expect(constructStripeEvent(BODY, `t=${T},v1=${oneByteOff(V1)},v1=${V1}`, SECRET, NOW)).toMatchObject({
      type: 'payment_intent.succeeded',
    });
  });

  it('refuses a one-byte change of the body, the secret, the signature or the timestamp', () => {
    expect(refusal(BODY.replace('evt_3', 'evt_4'), HEADER, SECRET)).toMatchObject({ kind: 'auth' });
    expect(refusal(BODY, HEADER, oneByteOff(SECRET, 'whsec_'.length))).toMatchObject({ kind: 'auth' });
    expect(refusal(BODY, `t=${T},v1=${oneByteOff(V1)}`, SECRET)).toMatchObject({ kind: 'auth' });
    expect(refusal(BODY, `t=${T + 1},v1=${V1}`, SECRET)).toMatchObject({ kind: 'auth' });
  });

  it('refuses the known answer once it is more than 300 s old', () => {
    expect(refusal(BODY, HEADER, SECRET, new Date((T + 300) * 1000))).toBeNull();
    expect(refusal(BODY, HEADER, SECRET, new Date((T + 301) * 1000))).toMatchObject({ kind: 'auth' });
  });
});
