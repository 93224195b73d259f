import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { usedTotpCodes } from '../../db/schema/index';
import { sha256Hex } from '../../lib/hash';

/**
 * How long an accepted authenticator code is remembered: the library accepts the code of the current
 * 30-second step and of one step either side, so a code can be accepted for up to 90 seconds.
 */
const REMEMBER_SECONDS = 2 * 60;

const hashOf = (userId: string, code: string) => sha256Hex(`${userId}:${code}`);

/**
 * Takes `code` for `userId` before the library checks it: false if it was already used (or is being used
 * by a concurrent request). The library would accept the same code again inside its window, so a code
 * someone watched being typed could open a second session; RFC 6238 section 5.2 says to refuse it.
 */
export async function claimTotpCode(db: Db, userId: string, code: string): Promise<boolean> {
  await db
    .delete(usedTotpCodes)
    .where(and(eq(usedTotpCodes.userId, userId), lt(usedTotpCodes.expiresAt, new Date())));
  const claimed = await db
    .insert(usedTotpCodes)
    .values({
      userId,
      codeHash: hashOf(userId, code),
      expiresAt: new Date(Date.now() + REMEMBER_SECONDS * 1000),
    })
    .onConflictDoNothing()
    .returning({ userId: usedTotpCodes.userId });
  return claimed.length === 1;
}

/** Gives a claimed code back when the library refused it: a wrong code was never used. */
export async function releaseTotpCode(db: Db, userId: string, code: string): Promise<void> {
  await db
    .delete(usedTotpCodes)
    .where(and(eq(usedTotpCodes.userId, userId), eq(usedTotpCodes.codeHash, hashOf(userId, code))));
}
