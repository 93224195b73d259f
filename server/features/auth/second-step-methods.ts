import { eq } from 'drizzle-orm';
import type { SecondStepMethod } from '#common/api/auth';
import type { Db } from '../../db/client';
import { phoneFactors, users } from '../../db/schema/index';

/**
 * How an account with two-factor sign-in on can finish a pending sign-in: always the authenticator app
 * (recovery codes go with it), and a code by SMS once it has a verified number. Told only to someone who
 * has passed the first step (the password, or a sign-in link from the account's inbox).
 */
export async function secondStepMethods(
  db: Db,
  account: { email: string } | { userId: string },
): Promise<SecondStepMethod[]> {
  const [row] = await db
    .select({ phoneVerified: phoneFactors.verified })
    .from(users)
    .leftJoin(phoneFactors, eq(phoneFactors.userId, users.id))
    .where(
      'email' in account ? eq(users.email, account.email.trim().toLowerCase()) : eq(users.id, account.userId),
    );
  return row?.phoneVerified ? ['totp', 'phone'] : ['totp'];
}
