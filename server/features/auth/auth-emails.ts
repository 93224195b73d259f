import type { OutgoingEmail } from '../mail';

/** The e-mails of the sign-up and sign-in flows. Each carries a one-time link, so none is kept in the log. */
export const authEmails = {
  /** A new account: the link proves the address and signs the merchant in. */
  verifyAddress: (to: string, url: string): OutgoingEmail => ({
    to,
    subject: 'Confirm your email to finish creating your AgentCart account',
    text: [
      'Welcome to AgentCart.',
      '',
      'Open this link to confirm your email address and finish creating your account:',
      url,
      '',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ].join('\n'),
    sensitive: true,
  }),

  /**
   * Someone signed up with an address that already has an account. The sign-up form answers exactly as
   * for a new address, so only the owner of the mailbox learns that the account exists.
   */
  alreadyRegistered: (to: string, signInUrl: string): OutgoingEmail => ({
    to,
    subject: 'You already have an AgentCart account',
    text: [
      'Someone, probably you, tried to create an AgentCart account with this email address.',
      '',
      'You already have an account. Sign in here:',
      signInUrl,
      '',
      'Forgot your password? Choose "Email me a sign-in link" on that page.',
      'If this was not you, no action is needed: nothing has changed on your account.',
    ].join('\n'),
  }),

  /** The owner's way in when the password does not work or sign-in is slowed down after failures. */
  signInLink: (to: string, url: string): OutgoingEmail => ({
    to,
    subject: 'Your AgentCart sign-in link',
    text: [
      'Open this link to sign in to AgentCart:',
      url,
      '',
      'The link works once and expires in 15 minutes.',
      'If you did not ask for it, ignore this email: someone may have typed your address by mistake.',
    ].join('\n'),
    sensitive: true,
  }),

  /**
   * A change to how the account's sign-in is protected. Sent for every such change, so the owner hears
   * of one they did not make while there is still time to undo it.
   */
  factorChanged: (
    to: string,
    change: { summary: string; at: Date; from: string; settingsUrl: string },
  ): OutgoingEmail => ({
    to,
    subject: `${change.summary} for your AgentCart account`,
    text: [
      `${change.summary} for your AgentCart account.`,
      '',
      `When: ${change.at.toUTCString()}`,
      `From: ${change.from}`,
      '',
      'If this was you, no action is needed.',
      'If it was not, someone else is using your account: sign in now, change your password, sign out',
      'your other sessions and check two-factor sign-in here:',
      change.settingsUrl,
    ].join('\n'),
  }),
};
