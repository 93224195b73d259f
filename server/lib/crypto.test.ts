import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createKeyring, DecryptionError, needsRotation, open, openJson, seal, sealJson } from './crypto';

describe('credential encryption', () => {
  const keyA = randomBytes(32);
  const keyB = randomBytes(32);

  it('round-trips text and JSON without the plaintext appearing in the envelope', () => {
    const keyring = createKeyring(keyA);
    const secret = 'sk_test_51abcdefSECRET';
    const envelope = seal(keyring, secret);
    expect(envelope).not.toContain('SECRET');
    expect(envelope.startsWith(`v1.${keyring.current.id}.`)).toBe(true);
    expect(open(keyring, envelope)).toBe(secret);
    expect(openJson(keyring, sealJson(keyring, { consumer_secret: 'cs_x' }))).toEqual({
      consumer_secret: 'cs_x',
    });
  });

  it('uses a fresh IV every time', () => {
    const keyring = createKeyring(keyA);
    expect(seal(keyring, 'same')).not.toBe(seal(keyring, 'same'));
  });

  it('opens values sealed under a previous key after rotation and flags them for re-sealing', () => {
    const before = createKeyring(keyA);
    const envelope = seal(before, 'ck_old');
    const after = createKeyring(keyB, [keyA]);
    expect(open(after, envelope)).toBe('ck_old');
    expect(needsRotation(after, envelope)).toBe(true);
    expect(needsRotation(after, seal(after, 'ck_new'))).toBe(false);
  });

  it('refuses a value whose key is gone or whose bytes were changed', () => {
    const envelope = seal(createKeyring(keyA), 'secret');
    expect(() => open(createKeyring(keyB), envelope)).toThrow(DecryptionError);
    const parts = envelope.split('.');
    parts[4] = Buffer.from('tampered').toString('base64url');
    expect(() => open(createKeyring(keyA), parts.join('.'))).toThrow(/integrity/);
  });

  it('refuses keys that are not 32 bytes', () => {
    expect(() => createKeyring(randomBytes(16))).toThrow('Encryption key must be 32 bytes');
  });
});
