import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Auth } from '../../features/auth/auth';
import { createMerchantForUser } from '../../features/merchants/create-merchant';
import { hashPassword } from '../../lib/password';
import type { Db } from '../client';
import { accounts, users } from '../schema/index';

export const DEMO_EMAIL = 'demo@agentcart.dev';
export const DEMO_BUSINESS_NAME = 'Demo Outdoor Supply Co.';

export interface DemoCredentials {
  email: string;
  password: string;
}

/** Meets the sign-up rules: upper, lower, digit and one of @$!%*?&. */
function generatePassword(): string {
  return `Demo-${randomBytes(6).toString('hex')}!Aa1`;
}

/**
 * Sandbox only: makes sure the demo merchant exists and that DATA_DIR/demo.json holds a password that
 * works. Later features add their own keys to the same file, so unknown keys are kept.
 */
export async function ensureDemoMerchant(opts: {
  auth: Auth;
  db: Db;
  dataDir: string;
}): Promise<DemoCredentials> {
  const file = path.join(opts.dataDir, 'demo.json');
  const saved = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  let password = typeof saved.password === 'string' ? saved.password : generatePassword();

  const existing = await opts.db.query.users.findFirst({ where: eq(users.email, DEMO_EMAIL) });
  let userId: string;
  if (!existing) {
    const result = await opts.auth.api.signUpEmail({
      body: { email: DEMO_EMAIL, password, name: DEMO_BUSINESS_NAME },
    });
    userId = result.user.id;
  } else {
    userId = existing.id;
    if (typeof saved.password !== 'string') {
      // demo.json was removed but the database kept the user: issue a fresh password and write it down.
      password = generatePassword();
      await opts.db
        .update(accounts)
        .set({ password: await hashPassword(password) })
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
    }
  }
  await createMerchantForUser(opts.db, userId, DEMO_BUSINESS_NAME);

  const credentials = { email: DEMO_EMAIL, password };
  writeFileSync(file, JSON.stringify({ ...saved, ...credentials }, null, 2) + '\n', { mode: 0o600 });
  return credentials;
}
