export type { Auth } from './auth';
export { requireUser } from './require-user';
export { sessionRateKey } from './session-rate-key';
