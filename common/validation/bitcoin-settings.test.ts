import { describe, expect, it } from 'vitest';
import { bitcoinSettingsSchema } from './bitcoin-settings';
import { CONNECTION_MESSAGES } from './connections';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('Bitcoin settings rules', () => {
  it('requires the OpenNode API key and both CoinCorner credentials, asking by the provider name', () => {
    expect(
      firstMessage(
        bitcoinSettingsSchema('opennode', ['apiKey']).safeParse({
          credentials: { apiKey: ' ' },
          expiryMins: 15,
        }),
      ),
    ).toBe(CONNECTION_MESSAGES.opennodeKeyRequired);
    const coincorner = bitcoinSettingsSchema('coincorner', ['apiKey', 'apiSecret']);
    expect(
      firstMessage(coincorner.safeParse({ credentials: { apiKey: 'k', apiSecret: '' }, expiryMins: 15 })),
    ).toBe(CONNECTION_MESSAGES.coincornerCredentialsRequired);
  });

  it.each([4, 61, 7.5, 'abc'])('refuses an invoice expiry of %s', (expiryMins) => {
    const result = bitcoinSettingsSchema('opennode', ['apiKey']).safeParse({
      credentials: { apiKey: 'k' },
      expiryMins,
    });
    expect(firstMessage(result)).toBe(CONNECTION_MESSAGES.expiryRange);
  });

  it('accepts 5 to 60 minutes, and empty credentials when keeping the saved ones', () => {
    expect(
      bitcoinSettingsSchema('opennode', ['apiKey']).safeParse({
        credentials: { apiKey: 'k' },
        expiryMins: '60',
      }).success,
    ).toBe(true);
    expect(
      bitcoinSettingsSchema('opennode', ['apiKey'], true).safeParse({
        credentials: { apiKey: '' },
        expiryMins: 5,
      }).success,
    ).toBe(true);
  });
});
