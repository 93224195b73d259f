import { describe, expect, it } from 'vitest';
import { paymentMethodFallbackLabel, securityEventLabel } from './labels';

describe('securityEventLabel', () => {
  it('reads a settings change as a sentence, naming an API key by its last 4 only', () => {
    expect(
      securityEventLabel({
        type: 'settings_change',
        name: 'api_key.generated',
        details: { area: 'api_key', action: 'generated', keyId: 'ak_test_', keyEnding: '9f3a' },
      }),
    ).toEqual({ title: 'API key generated', detail: 'Key ending 9f3a' });
    expect(securityEventLabel({ type: 'settings_change', name: 'sessions.revoked', details: {} }).title).toBe(
      'A signed-in session was ended',
    );
  });

  it('falls back to the kind of event, never to its code', () => {
    const { title, detail } = securityEventLabel({
      type: 'settings_change',
      name: 'connections.something_new',
      details: { area: 'connections' },
    });
    expect(title).toBe('Settings changed');
    expect(detail).toBeNull();
    expect(securityEventLabel({ type: 'new_kind', name: null, details: {} }).title).toBe('Security event');
  });

  it('names the form of a rejected sign-in with the masked e-mail', () => {
    expect(
      securityEventLabel({
        type: 'suspicious_activity',
        name: 'validation_failure',
        details: { form: 'signup', email: 'ada***' },
      }).detail,
    ).toBe('ada*** · Sign-up form');
  });
});

describe('paymentMethodFallbackLabel', () => {
  it('names a method the registry no longer lists by its kind', () => {
    expect(paymentMethodFallbackLabel('btc_coincorner')).toBe('Bitcoin Lightning');
    expect(paymentMethodFallbackLabel('stripe_spt')).toBe('Card');
    expect(paymentMethodFallbackLabel('mystery')).toBe('Other method');
  });
});
