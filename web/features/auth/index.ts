// The auth feature's public entry for other features: the signed-in user and the subscription poll.
// Only what the app shell already loads belongs here: pricing imports it, and the landing page must not
// pay for the auth page through it.
export { SUBSCRIPTION_POLL_MS, SUBSCRIPTION_QUERY_KEY, useAuth } from './auth-provider';
