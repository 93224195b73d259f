export type { Auth } from './auth';
export { requireUser, type SignedInUser } from './require-user';
export { sessionRateKey } from './session-rate-key';
export { addressRefusedMessage, allowlistOf, isAddressAllowed } from './ip-allowlist';
export { BACKGROUND_REQUEST_HEADER } from './session-policy';
export { requireSession } from './require-user';
export { registerAuth } from './register';
