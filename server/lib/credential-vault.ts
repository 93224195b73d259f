import { needsRotation, openJson, sealJson, type Keyring } from './crypto';

/**
 * Credentials at rest: sealed with the current key; values sealed with a previous key still open, and
 * `resealed` is set so the caller stores the fresh envelope (rotation happens as connections are used).
 */
export function sealCredentials(keyring: Keyring, credentials: Record<string, unknown>): string {
  return sealJson(keyring, credentials);
}

export function openCredentials(
  keyring: Keyring,
  envelope: string,
): { credentials: Record<string, unknown>; resealed: string | null } {
  const credentials = openJson<Record<string, unknown>>(keyring, envelope);
  return { credentials, resealed: needsRotation(keyring, envelope) ? sealJson(keyring, credentials) : null };
}
