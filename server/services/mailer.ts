export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /**
   * The text carries a credential (a sign-in or verification link). Outside the sandbox mailbox it is
   * sent but not kept in the outbound log, so the log cannot be used to sign in as anyone.
   */
  sensitive?: boolean;
}

/** Sends the platform's e-mail; every attempt is recorded, delivered or not. */
export interface Mailer {
  send(email: OutgoingEmail): Promise<{ delivered: boolean }>;
}
