import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { SANDBOX_MAILBOX_PATH } from '../mail';
import { SANDBOX_PHONE_PATH } from '../sandbox';
import type { AuthDeps } from './auth-endpoint';
import { registerJwksRoute } from './jwks';
import { registerPhoneFactorRoutes } from './phone-factor-routes';
import { registerAuthRoutes } from './routes';
import { registerSessionGuard } from './session-guard';
import { registerTwoFactorRoutes } from './two-factor-routes';

/**
 * Sign-in and the account's protection: the session guard first (it holds every later route's request to
 * the session rules, ADR 022), then the sign-in, second-factor and JWKS routes.
 */
export function registerAuth(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'auth' | 'db' | 'mailer' | 'sms' | 'config' | 'clock'>,
) {
  registerSessionGuard(app, ctx.auth);
  const sandbox = ctx.config.mode === 'sandbox';
  const deps: AuthDeps = {
    auth: ctx.auth,
    db: ctx.db,
    mailer: ctx.mailer,
    publicUrl: ctx.config.publicUrl,
    sandboxMailbox: sandbox ? SANDBOX_MAILBOX_PATH : undefined,
    // Codes by SMS are offered only when an SMS provider is configured.
    phoneFactor: ctx.sms !== null,
    sandboxPhone: sandbox ? SANDBOX_PHONE_PATH : undefined,
  };
  registerAuthRoutes(app, deps);
  registerJwksRoute(app);
  registerTwoFactorRoutes(app, { auth: ctx.auth, db: ctx.db, phoneAvailable: deps.phoneFactor });
  registerPhoneFactorRoutes(app, deps);
}
