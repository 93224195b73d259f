import type { FastifyRequest } from 'fastify';

/**
 * What a route asks of the caller's session:
 * - `signed_in`: a session that passes the session rules (IP allowlist, idle and absolute timeouts,
 *   revocation); without one the answer is 401.
 * - `optional`: the route also serves callers without a session, but a session that comes with the
 *   request must pass the same rules.
 * - `none`: the route never looks at a session (sign-up and sign-in themselves, public pages, the agent
 *   API with its key, signed webhooks).
 */
export type SessionRule = 'signed_in' | 'optional' | 'none';

/** The session and user behind a request that passed the guard (the library's, narrowed to what we use). */
export interface CurrentSession {
  session: { id: string; userId: string };
  user: { id: string; email: string; name: string; twoFactorEnabled?: boolean | null };
}

/**
 * The one place a request's session is looked up and held to the session rules. `admit` runs before
 * anything else about a request; routes then read what it found with `sessionOf`, so no route can use a
 * session the rules have not passed.
 */
export interface SessionGuard {
  admit(request: FastifyRequest, rule: SessionRule): Promise<void>;
  /** The session `admit` passed for this request; null when the request came without one. */
  sessionOf(request: FastifyRequest): CurrentSession | null;
}

/** A library endpoint called in-process that answers as it would over HTTP (status, body, cookies). */
interface AnsweringEndpoint<Body> {
  (call: { body: Body; headers: Headers; asResponse: true }): Promise<Response>;
}

/**
 * Sign-in and sessions (better-auth, configured in features/auth): the part of the library's instance
 * the app uses, and the session guard that features/auth adds to it. Narrow on purpose: a new use of the
 * library shows up here, where its cost to whoever replaces the library can be seen.
 */
export interface Auth {
  /** Answers a request to one of the library's endpoints (features/auth forwards the allowed ones). */
  handler(request: Request): Promise<Response>;
  api: {
    verifyPassword: AnsweringEndpoint<{ password: string }>;
    verifyTOTP: AnsweringEndpoint<{ code: string }>;
    verifyBackupCode: AnsweringEndpoint<{ code: string }>;
    verifyTwoFactorOTP: AnsweringEndpoint<{ code: string }>;
    /** The user's unused recovery codes, decrypted. */
    viewBackupCodes(call: { body: { userId: string } }): Promise<{ backupCodes: string[] }>;
    /** Sign-up without the HTTP round trip (the benchmark's merchants). */
    signUpEmail(call: {
      body: { email: string; password: string; name: string };
    }): Promise<{ user: { id: string } }>;
  };
  /** The library's internals: the demo seed creates its already-confirmed user through its adapter. */
  $context: Promise<{
    internalAdapter: {
      createUser(
        user: { email: string; name: string; emailVerified: boolean },
        context: { method: 'email-password' },
      ): Promise<{ id: string }>;
      linkAccount(account: {
        userId: string;
        providerId: string;
        accountId: string;
        password: string;
      }): Promise<unknown>;
    };
  }>;
  sessionGuard: SessionGuard;
}
