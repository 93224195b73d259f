import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `algorithm: 2` is Algorithm.Argon2id (a const enum).
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword({ hash: digest, password }: { hash: string; password: string }) {
  try {
    return await verify(digest, password);
  } catch {
    // A malformed stored hash is a failed verification, never a crash of the sign-in endpoint.
    return false;
  }
}
