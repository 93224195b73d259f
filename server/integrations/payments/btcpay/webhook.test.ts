import { describe, expect, it } from 'vitest';
import { isValidBtcpaySignature } from './webhook';

/**
 * A known answer computed once outside this code (`sha256=` + hex HMAC-SHA256 of the raw body, keyed
 * with the webhook secret) and written down, so a change to the adapter's scheme fails here.
 */
const SECRET = 'btcpay-webhook-secret-1';
const BODY =
  '{"deliveryId":"Jd4ZbS1sTvcNzUtbf7CX3v","webhookId":"8Tuf3FDcWxNa6XTd4LNCnH","type":"InvoiceSettled","invoiceId":"7xTg2Z8rQpHqJv1qA7s9kW","storeId":"9CjaSnhWgtCyFVQ1MmGBcbBj2m3xiQnPoqBwTxkFvP9N"}';
const BTCPAY_SIG = 'sha256=83c69d27567dada12f112fdf32494d4d4c6b54180046d683f589a08a39b0725d';

/** The same text with the character at `at` replaced by another one of the same alphabet. */
const oneByteOff = (s: string, at = 0) => `${s.slice(0, at)}${s[at] === '0' ? '1' : '0'}${s.slice(at + 1)}`;

describe('BTCPay-Sig, known answer', () => {
  it('accepts the known answer', () => {
    expect(isValidBtcpaySignature(SECRET, BODY, BTCPAY_SIG)).toBe(true);
  });

  it('refuses a one-byte change of the body, the secret or the signature', () => {
    expect(isValidBtcpaySignature(SECRET, BODY.replace('"Jd4', '"Jd5'), BTCPAY_SIG)).toBe(false);
    expect(isValidBtcpaySignature(oneByteOff(SECRET, 7), BODY, BTCPAY_SIG)).toBe(false);
    expect(isValidBtcpaySignature(SECRET, BODY, oneByteOff(BTCPAY_SIG, 'sha256='.length))).toBe(false);
  });
});
