import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { documentedErrorShape } from '../../test/error-shapes';
import { MALFORMED_IDS } from '../../test/hostile-requests';
import { newMerchant } from '../../test/merchant-kit';
import { BILLING_WEBHOOK_PATH } from '../billing/routes';
import { SIGNED_RECEIVER_LIMIT } from '../../lib/raw-body';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const notify = (url: string, remoteAddress = '198.51.100.7') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'id=x&status=paid',
    remoteAddress,
  });

describe('Lightning provider notifications', () => {
  it('answers a malformed merchant id in the path with a 4xx in the webhook shape, never a 5xx', async () => {
    for (const [i, id] of MALFORMED_IDS.entries()) {
      const url = `/webhooks/payments/opennode/${id}`;
      const res = await notify(url, `198.51.100.${i + 10}`);
      expect(res.statusCode, `${id} -> ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${id} -> ${res.body}`).toBeLessThan(500);
      expect(documentedErrorShape(url).safeParse(res.json()).success, res.body).toBe(true);
    }
    // The case: 36 dashes pass a loose [0-9a-f-]{36} check but no uuid column takes them.
    const dashes = await notify(`/webhooks/payments/opennode/${'-'.repeat(36)}`);
    expect(dashes.statusCode).toBe(404);
    expect(dashes.json()).toEqual({ received: false });
  });

  it("answers an unknown merchant, or a provider not the merchant's, with 404", async () => {
    const { merchantId } = await newMerchant(t, { connect: true });
    const unknown = await notify('/webhooks/payments/opennode/3f2b8c4e-9d1a-4e6f-8b7c-0a1d2e3f4a5b');
    expect(unknown.statusCode).toBe(404);
    const otherProvider = await notify(`/webhooks/payments/not-a-provider/${merchantId}`);
    expect(otherProvider.statusCode).toBe(404);
  });
});

describe.each([
  ['Lightning provider notifications', `/webhooks/payments/opennode/${'-'.repeat(36)}`],
  ["Stripe's billing events", BILLING_WEBHOOK_PATH],
])('%s (no sign-in, signed bodies)', (_name, url) => {
  it('are limited per address, in the documented shape, without holding back other senders', async () => {
    const { max } = SIGNED_RECEIVER_LIMIT.rateLimit;
    const flooder = '203.0.113.66';
    for (let i = 0; i < max; i++) expect((await notify(url, flooder)).statusCode).not.toBe(429);
    const limited = await notify(url, flooder);
    expect(limited.statusCode).toBe(429);
    expect(documentedErrorShape(url).safeParse(limited.json()).success, limited.body).toBe(true);
    expect((await notify(url, '203.0.113.67')).statusCode).not.toBe(429);
  });
});
