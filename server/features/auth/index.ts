export type { Auth } from './auth';
export { requireUser, type SignedInUser } from './require-user';
export { sessionRateKey } from './session-rate-key';
export { addressRefusedMessage, allowlistOf, clientAddress, isAddressAllowed } from './ip-allowlist';
export { BACKGROUND_REQUEST_HEADER, sessionTimeoutOf } from './session-policy';
export { listActiveSessions, revokeOtherSessions, revokeSession } from './sessions';
export { requireSession } from './require-user';
export { requireMerchant, requireMerchantForScope } from './require-merchant';
export { registerAuth } from './register';
