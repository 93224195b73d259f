/**
 * The platform's Twilio account: the Account SID and auth token (HTTP Basic auth), and the sender, either
 * a Twilio number (`From`) or a Messaging Service (`MessagingServiceSid`, which picks the number itself).
 */
export interface TwilioCredentials {
  /** `AC` followed by 32 hex characters. */
  accountSid: string;
  authToken: string;
  sender: { from: string } | { messagingServiceSid: string };
}

/** Twilio's documented shapes of its ids. */
export const TWILIO_ACCOUNT_SID = /^AC[0-9a-f]{32}$/;
export const TWILIO_MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/;
