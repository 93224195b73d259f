import { describe, expect, it } from 'vitest';
import { bitcoinSettingsSchema } from './bitcoin-settings';
import { CONNECTION_MESSAGES } from './connections';

const withKey = {
  credentialFields: [{ name: 'apiKey' }],
  missingCredentialsMessage: 'Please enter your key',
};

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0]!.message;

describe('Bitcoin settings rules', () => {
  it('requires every credential field, in the provider’s own words or generic ones', () => {
    expect(
      firstMessage(
        bitcoinSettingsSchema(withKey).safeParse({ credentials: { apiKey: ' ' }, expiryMins: 15 }),
      ),
    ).toBe('Please enter your key');
    const unworded = bitcoinSettingsSchema({ credentialFields: [{ name: 'apiKey' }, { name: 'apiSecret' }] });
    expect(
      firstMessage(unworded.safeParse({ credentials: { apiKey: 'k', apiSecret: '' }, expiryMins: 15 })),
    ).toBe('Please enter your API credentials');
  });

  it.each([4, 61, 7.5, 'abc'])('refuses an invoice expiry of %s', (expiryMins) => {
    const result = bitcoinSettingsSchema(withKey).safeParse({
      credentials: { apiKey: 'k' },
      expiryMins,
    });
    expect(firstMessage(result)).toBe(CONNECTION_MESSAGES.expiryRange);
  });

  it('accepts 5 to 60 minutes, and empty credentials when keeping the saved ones', () => {
    expect(
      bitcoinSettingsSchema(withKey).safeParse({
        credentials: { apiKey: 'k' },
        expiryMins: '60',
      }).success,
    ).toBe(true);
    expect(
      bitcoinSettingsSchema(withKey, true).safeParse({
        credentials: { apiKey: '' },
        expiryMins: 5,
      }).success,
    ).toBe(true);
  });
});
