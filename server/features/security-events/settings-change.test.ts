import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securityEvents } from '../../db/schema/index';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant } from '../../test/merchant-kit';
import { BLANKED, sanitizeDetails } from './settings-change';

describe('sanitizeDetails', () => {
  it('blanks secrets, masks e-mails and cuts key ids, at any depth', () => {
    expect(
      sanitizeDetails({
        password: 'Str0ng!pass',
        secretKey: 'sk_test_123',
        credentials: { consumer_key: 'ck_1', consumer_secret: 'cs_1' },
        webhook: { url: 'https://shop.example/hooks', secret: 'whsec_abc' },
        apiKey: 'ak_test_0123456789',
        access_token: 'tok',
        keyId: 'ak_test_0123456789',
        contact: 'owner@shop.example',
        notifyEmail: 'not-an-address',
        recipients: ['ops@shop.example'],
        region: 'UK',
        enabled: true,
        missingSecret: null,
      }),
    ).toEqual({
      password: BLANKED,
      secretKey: BLANKED,
      credentials: BLANKED,
      webhook: { url: 'https://shop.example/hooks', secret: BLANKED },
      apiKey: BLANKED,
      access_token: BLANKED,
      keyId: 'ak_test_',
      contact: 'own***',
      notifyEmail: 'not***',
      recipients: ['ops***'],
      region: 'UK',
      enabled: true,
      missingSecret: null,
    });
  });
});

describe('settings changes are security events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
  });
  afterAll(() => t.close());

  const changesOf = (merchantId: string) =>
    t.db
      .select()
      .from(securityEvents)
      .where(and(eq(securityEvents.merchantId, merchantId), eq(securityEvents.type, 'settings_change')))
      .orderBy(securityEvents.createdAt);

  it('records profile, connection, key and security changes with no secret in them', async () => {
    const merchant = await newMerchant(t, { connect: true, apiKey: true });
    const { cookie, merchantId } = merchant;
    await dashboardRequest(t, cookie, 'PUT', '/api/merchant/profile', {
      name: 'Trail Supply Co.',
      region: 'UK',
      defaultCurrency: 'GBP',
    });
    await dashboardRequest(t, cookie, 'POST', '/api/developers/api-key');
    await dashboardRequest(t, cookie, 'DELETE', '/api/developers/api-key');
    await dashboardRequest(t, cookie, 'PUT', '/api/account/security', { sessionTimeoutMinutes: 30 });

    const events = await changesOf(merchantId);
    expect(events.map((e) => e.name)).toEqual([
      'connections.store_connected',
      'connections.bitcoin_saved',
      'connections.card_provider_key_saved',
      'api_key.generated',
      'profile.updated',
      'api_key.rotated',
      'api_key.revoked',
      'security.updated',
    ]);
    const byName = new Map(events.map((e) => [e.name, e]));
    expect(byName.get('profile.updated')?.details).toEqual({
      area: 'profile',
      action: 'updated',
      name: 'Trail Supply Co.',
      region: 'UK',
      defaultCurrency: 'GBP',
    });
    expect(byName.get('connections.bitcoin_saved')?.details).toMatchObject({ credentials: BLANKED });
    expect(byName.get('api_key.generated')?.details).toMatchObject({ keyId: merchant.apiKey.slice(0, 8) });
    expect(byName.get('security.updated')?.details).toMatchObject({ sessionTimeoutMinutes: 30 });
    // Nothing that was typed as a secret, nor the key, is stored anywhere in the events.
    const stored = JSON.stringify(events);
    expect(stored).not.toContain(merchant.apiKey);
    expect(stored).not.toContain(t.simulators!.credentials.stripe!.secretKey);
    expect(stored).not.toContain(t.simulators!.credentials.opennode!.apiKey);
  });
});
