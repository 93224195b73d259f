import { describe, expect, it } from 'vitest';
import { btcpaySig } from './btcpay/signing';
import { coincornerRequestSignature } from './coincorner/signing';
import { hashedOrder } from './opennode/signing';
import { stripeSignatureHeader } from './stripe/signing';
import { strikeWebhookSignature } from './strike/signing';

/**
 * The payment simulators' signing pinned to the same written-down known answers as the adapters'
 * tests (server/integrations/payments/<id>/webhook.test.ts, coincorner/signature.test.ts), computed once
 * outside both: each side is checked against the provider's scheme, not against the other.
 */
describe('payment simulators sign the known answers', () => {
  it('OpenNode hashed_order', () => {
    expect(hashedOrder('on_test_api_key_5d1b7c0e', '3f2a9c1e-8b4d-4e7a-9c6b-1d2e3f4a5b6c')).toBe(
      '9ad3cf098c2c18536ea51c35f206e1ccc5ec4df588572152fad20d8350e57048',
    );
  });

  it('BTCPay-Sig', () => {
    const body =
      '{"deliveryId":"Jd4ZbS1sTvcNzUtbf7CX3v","webhookId":"8Tuf3FDcWxNa6XTd4LNCnH","type":"InvoiceSettled","invoiceId":"7xTg2Z8rQpHqJv1qA7s9kW","storeId":"9CjaSnhWgtCyFVQ1MmGBcbBj2m3xiQnPoqBwTxkFvP9N"}';
    expect(btcpaySig('btcpay-webhook-secret-1', body)).toBe(
      'sha256=83c69d27567dada12f112fdf32494d4d4c6b54180046d683f589a08a39b0725d',
    );
  });

  it('Strike X-Webhook-Signature', () => {
    const body =
      '{"id":"5e1ea0d2-1d7c-4d2b-9a7c-7e0c1b2a3f4d","eventType":"invoice.updated","webhookVersion":"v1","data":{"entityId":"c0a8f1e2-3b4c-4d5e-8f9a-0b1c2d3e4f5a","changes":["state"]},"created":"2026-05-01T12:00:00Z","deliverySuccess":false}';
    expect(strikeWebhookSignature('strike-subscription-secret-01', body)).toBe(
      '9ffc89177e3ac465011896ccd72065ca314c1d4c9282fe57573a658dea14bea9',
    );
  });

  it('CoinCorner request Signature (which the simulator checks)', () => {
    const call = {
      apiSecret: 'C0FFEE-SECRET-3B4A',
      apiKey: '2E7F9A4C-1B3D-4C5E-8F6A-7B8C9D0E1F2A',
      userId: '58213',
      nonce: 1_700_000_000_000,
    };
    expect(coincornerRequestSignature(call)).toBe(
      '142fc2cae6d916dafbe959c780a4b47fe0b049389e02469cc455213c8540435d',
    );
  });

  it('Stripe-Signature', () => {
    const body =
      '{"id":"evt_3QkR1a2b3c4d5e6f","object":"event","type":"payment_intent.succeeded","data":{"object":{"id":"pi_3QkR1a2b3c4d5e6f","object":"payment_intent"}}}';
    expect(stripeSignatureHeader('whsec_test_5mK8pQ2rT7vX', body, 1_700_000_000)).toBe(
      't=1700000000,v1=6b07e4b8e9274e3e6b15cbc36ec4823e3a7b9a96a9c5b9b9b41d385b1fa45066',
    );
  });
});
