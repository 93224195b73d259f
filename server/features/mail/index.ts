export type { Mailer, OutgoingEmail } from './mailer';
