export type { Mailer, OutgoingEmail } from './mailer';
export { registerSandboxMailbox, SANDBOX_MAILBOX_PATH } from './sandbox-mailbox';
