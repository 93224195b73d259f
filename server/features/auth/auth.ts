import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { accounts, rateLimits, sessions, users, verifications } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/password';
import { MAX_SESSION_HOURS } from '#common/domain/limits';

/** The header through which the HTTP layer hands the socket's client IP to better-auth (never the caller's). */
export const CLIENT_IP_HEADER = 'x-agentcart-client-ip';

export function createAuth(config: AppConfig, db: Db) {
  return betterAuth({
    appName: 'AgentCart',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { users, sessions, accounts, verifications, rateLimits },
    }),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: MAX_SESSION_HOURS * 60 * 60,
      updateAge: 60 * 60,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
    },
    rateLimit: {
      // Off by default outside production; we want the same protection everywhere.
      enabled: true,
      storage: 'database',
      modelName: 'rateLimits',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: 10 },
        '/sign-up/email': { window: 60, max: 5 },
      },
    },
    advanced: {
      cookiePrefix: 'agentcart',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
