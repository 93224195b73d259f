/** Business constants that more than one place needs. */
export const TRIAL_DAYS = 14;
export const MONTHLY_ORDER_LIMIT = 25;
export const ORDER_LIMIT_WARNING_RATIO = 0.8;
export const OVERAGE_PER_ORDER_GBP_MINOR = 250;
export const TOAST_LIMIT = 3;
export const TOAST_DURATION_MS = 4000;
export const PREFERRED_CURRENCY_KEY = 'preferred-currency';
export const PREFERRED_CURRENCY_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
export const CONSENT_KEY = 'gdpr-consent';
export const MAX_SESSION_HOURS = 24;
export const CONTACT_RESPONSE_HOURS = 24;
