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
};
