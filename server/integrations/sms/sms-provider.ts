import type { AdapterContext } from '../http';

/** A text message the provider accepted for delivery. */
export interface SentText {
  /** The provider's id of the message (Twilio: `SM…`), safe to log. */
  id: string;
  /** The provider's status at acceptance (Twilio: `queued` or `accepted`). */
  status: string;
}

/**
 * Sends text messages (SMS) on the platform's own account with an SMS provider. Failures are thrown as
 * `ProviderError`s (integrations/http.ts): `invalid_request` when the provider refuses the number or
 * the message (its `providerCode` says why), `auth` for refused credentials, `rate_limited`,
 * `unavailable` (down, unreachable, timed out) and `malformed_response`. Messages never contain a
 * credential, a number or the text.
 */
export interface SmsProvider<Credentials> {
  /** The provider's id, used in errors and logs ("twilio"). */
  id: string;
  /** The provider's API base in live mode; sandbox mode routes this host to the provider's simulator. */
  apiBase: string;
  /**
   * Sends `body` to `to`, a mobile number in E.164 form (`+447700900123`). Resolves once the provider
   * has accepted the message for delivery, not when the phone has received it.
   */
  sendText(ctx: AdapterContext<Credentials>, message: { to: string; body: string }): Promise<SentText>;
}
