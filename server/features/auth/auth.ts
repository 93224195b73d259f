import { eq } from 'drizzle-orm';
import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { fromNodeHeaders } from 'better-auth/node';
import { magicLink } from 'better-auth/plugins/magic-link';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../../db/schema/index';
import { hashPassword, verifyPassword } from '../../lib/password';
import { MAX_SESSION_HOURS } from '#common/domain/limits';
import { maskEmail } from '#common/domain/privacy';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Auth } from '../../services/auth';
import type { Mailer } from '../mail';
import { authEmails } from './auth-emails';
import { withHashedSessionTokens } from './hashed-session-tokens';
import { secondStepMethods } from './second-step-methods';
import { secondStepAfterSignInLink, twoFactorPlugin } from './two-factor';
import { refuseSignInOutsideAllowlist } from './ip-allowlist';
import { createSessionPolicy } from './session-policy';
import { createSessionGuard } from './session-guard';
import { phoneCodeSender } from './phone-codes';
import type { SmsSender } from './sms-sender';

/** The header through which the HTTP layer hands the socket's client IP to better-auth (never the caller's). */
export const CLIENT_IP_HEADER = 'x-agentcart-client-ip';

/** How long a sign-in link works (seconds). */
const SIGN_IN_LINK_SECONDS = 15 * 60;
const EMAIL_VERIFICATION_SECONDS = 24 * 60 * 60;

/** The library's own log lines, through ours, with any e-mail address in them masked. */
function libraryLogger(logger: Logger) {
  const maskAddresses = (message: string) =>
    message.replace(/[^\s@:]+@[^\s@]+/g, (address) => maskEmail(address));
  return {
    level: 'warn' as const,
    log: (level: 'info' | 'success' | 'warn' | 'error' | 'debug', message: string) =>
      logger[level === 'success' ? 'info' : level]({ component: 'better-auth' }, maskAddresses(message)),
  };
}

export function createAuth(
  config: AppConfig,
  db: Db,
  mailer: Mailer,
  logger: Logger,
  clock: Clock,
  sms: SmsSender | null,
  /** Runs after every new session: whoever holds one has a merchant (merchants creates it, if missing). */
  afterSession: (userId: string, name: string) => Promise<unknown>,
): Auth {
  const send = async (email: Parameters<Mailer['send']>[0]) => void (await mailer.send(email));
  const library = betterAuth({
    appName: 'AgentCart',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: withHashedSessionTokens(
      drizzleAdapter(db, {
        provider: 'pg',
        schema: { users, sessions, accounts, verifications, rateLimits, twoFactors },
      }),
    ),
    user: { modelName: 'users' },
    session: {
      modelName: 'sessions',
      expiresIn: MAX_SESSION_HOURS * 60 * 60,
      // A session never outlives its 24 hours by being used (the library would slide the expiry).
      disableSessionRefresh: true,
    },
    account: { modelName: 'accounts' },
    verification: { modelName: 'verifications' },
    emailAndPassword: {
      enabled: true,
      // Sign-up answers the same for a new and a taken address (no session either way); the e-mail
      // tells the rest: a confirmation link for a new account, a sign-in pointer for an existing one.
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      password: { hash: hashPassword, verify: verifyPassword },
      onExistingUserSignUp: ({ user }) =>
        send(authEmails.alreadyRegistered(user.email, `${config.publicUrl}/auth`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      // A right password on an unconfirmed account sends a fresh link (the old one may have expired).
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: EMAIL_VERIFICATION_SECONDS,
      sendVerificationEmail: ({ user, url }) => send(authEmails.verifyAddress(user.email, url)),
    },
    databaseHooks: {
      session: {
        create: {
          before: async (session) => {
            await refuseSignInOutsideAllowlist(db, session);
            // The session's times come from the app's clock, which the idle timeout and the maximum
            // session are measured on (the library reads the system's).
            const now = clock.now();
            const expiresAt = new Date(now.getTime() + MAX_SESSION_HOURS * 60 * 60 * 1000);
            return { data: { ...session, createdAt: now, updatedAt: now, expiresAt } };
          },
          // Whoever holds a session has a merchant: created with the business name given at sign-up,
          // once the address is proven (a confirmation or sign-in link), outside the library's writes.
          after: async (session) => {
            const [user] = await db
              .select({ name: users.name })
              .from(users)
              .where(eq(users.id, session.userId));
            if (user) await afterSession(session.userId, user.name);
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: SIGN_IN_LINK_SECONDS,
        storeToken: 'hashed',
        disableSignUp: true,
        // The endpoint answers the same for every address; only an existing account gets a link.
        sendMagicLink: async ({ email, url }) => {
          const [user] = await db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, email.toLowerCase()));
          if (user) await send(authEmails.signInLink(email, url));
        },
      }),
      twoFactorPlugin(sms ? phoneCodeSender(db, sms, logger) : null),
      secondStepAfterSignInLink((userId) => secondStepMethods(db, { userId })),
    ],
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
        '/sign-in/magic-link': { window: 60, max: 3 },
      },
    },
    advanced: {
      cookiePrefix: 'agentcart',
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    telemetry: { enabled: false },
    logger: libraryLogger(logger),
  });
  // The rules the library has no option for (idle timeout, allowlist), applied on every request that
  // comes with a session (registerSessionGuard).
  const sessionGuard = createSessionGuard(
    (request) => library.api.getSession({ headers: fromNodeHeaders(request.headers) }),
    createSessionPolicy({ db, clock }),
  );
  return Object.assign(library, { sessionGuard });
}

export type { Auth };
