import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM envelopes for provider credentials: `v1.<keyId>.<iv>.<tag>.<ciphertext>` (base64url).
 * The key id (first 8 hex characters of SHA-256 of the key) says which key sealed a value, so a new key can
 * be introduced while values sealed with the previous one still open; `needsRotation` tells the caller to
 * re-seal.
 */
export interface EncryptionKey {
  id: string;
  key: Buffer;
}

export interface Keyring {
  current: EncryptionKey;
  previous: EncryptionKey[];
}

const VERSION = 'v1';

export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update(key).digest('hex').slice(0, 8);
}

export function createKeyring(current: Buffer, previous: Buffer[] = []): Keyring {
  for (const key of [current, ...previous]) {
    if (key.length !== 32) throw new Error('Encryption key must be 32 bytes');
  }
  return {
    current: { id: keyIdOf(current), key: current },
    previous: previous.map((key) => ({ id: keyIdOf(key), key })),
  };
}

export function seal(keyring: Keyring, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyring.current.key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [
    VERSION,
    keyring.current.id,
    iv.toString('base64url'),
    tag.toString('base64url'),
    ciphertext.toString('base64url'),
  ].join('.');
}

export class DecryptionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecryptionError';
  }
}

export function open(keyring: Keyring, envelope: string): string {
  const parts = envelope.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) throw new DecryptionError('Not an encrypted value');
  const [, keyId, iv, tag, ciphertext] = parts as [string, string, string, string, string];
  const key = [keyring.current, ...keyring.previous].find((k) => k.id === keyId);
  if (!key) throw new DecryptionError(`No key with id ${keyId} is configured`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new DecryptionError('Encrypted value failed its integrity check');
  }
}

export function needsRotation(keyring: Keyring, envelope: string): boolean {
  return envelope.split('.')[1] !== keyring.current.id;
}

export function sealJson(keyring: Keyring, value: unknown): string {
  return seal(keyring, JSON.stringify(value));
}

export function openJson<T>(keyring: Keyring, envelope: string): T {
  return JSON.parse(open(keyring, envelope)) as T;
}
