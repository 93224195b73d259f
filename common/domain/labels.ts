import type { OrderStatus } from '../api/order-status';
import type { FeedDeliveryStatus, FeedSchedule, FeedStatus } from '../api/feed';
import type { PaymentDisplayStatus } from '../api/payments';
import type { RefundReason, RefundStatus } from './refunds';

/**
 * The words people see for the codes the server stores: security events, payment statuses and, where
 * the provider registry has no entry for it, a payment method. One table, so a code reads the same on
 * every screen. Provider and platform names come from their manifests (ADR 011), served with the
 * connections; `paymentMethodFallbackLabel` only covers a method the registry no longer lists.
 */

/** What each kind of security event is, when its name has no sentence of its own. */
export const SECURITY_EVENT_TYPE_LABELS: Record<string, string> = {
  auth_failure: 'Failed sign-in',
  suspicious_activity: 'Suspicious activity',
  api_key_usage: 'API key used',
  checkout_data_accessed: 'Checkout data read',
  settings_change: 'Settings changed',
};

/** Each security event name as a sentence. Settings changes are named `<area>.<action>`. */
export const SECURITY_EVENT_LABELS: Record<string, string> = {
  signin_failed: 'Failed sign-in',
  signup_failed: 'Failed sign-up',
  signin_throttled: 'Sign-in paused after too many attempts',
  second_step_failed: 'Wrong two-factor code entered',
  validation_failure: 'A sign-in form was sent with invalid details',
  ip_not_allowed: 'Sign-in refused from an IP address not on the whitelist',
  invalid_api_keys: 'Repeated calls with an invalid API key',
  acp_request_signature_failed: 'An agent request failed its signature check',
  'profile.updated': 'Business profile updated',
  'connections.store_connected': 'Store connected',
  'connections.store_disconnected': 'Store disconnected',
  'connections.selling_store_changed': 'Selling store changed',
  'connections.bitcoin_saved': 'Bitcoin settings saved',
  'connections.card_provider_key_saved': 'Card provider key saved',
  'connections.card_provider_account_created': 'Card provider account created',
  'connections.card_provider_oauth_connected': 'Card provider account connected',
  'connections.card_provider_disconnected': 'Card provider account disconnected',
  'connections.payment_methods_switched': 'Payment methods changed',
  'api_key.generated': 'API key generated',
  'api_key.rotated': 'API key replaced',
  'api_key.revoked': 'API key revoked',
  'webhooks.updated': 'Webhook settings updated',
  'webhooks.secret_rotated': 'Webhook signing secret replaced',
  'acp_agents.updated': 'ACP agent settings updated',
  'acp_agents.signing_secret_rotated': 'ACP signing secret replaced',
  'acp_agents.webhook_secret_rotated': 'ACP webhook secret replaced',
  'notifications.updated': 'Notification preferences updated',
  'storefront.updated': 'Storefront settings updated',
  'security.updated': 'Security settings updated',
  'sessions.revoked': 'A signed-in session was ended',
  'sessions.revoked_others': 'All other signed-in sessions were ended',
  two_factor_enabled: 'Two-factor sign-in turned on',
  two_factor_disabled: 'Two-factor sign-in turned off',
  recovery_codes_regenerated: 'New recovery codes generated',
  recovery_code_used: 'A recovery code was used to sign in',
  phone_factor_added: 'Phone number added for two-factor sign-in',
  phone_factor_verified: 'Phone number verified for two-factor sign-in',
  phone_factor_removed: 'Phone number removed from two-factor sign-in',
  phone_code_used: 'A text-message code was used to sign in',
};

const FORM_LABELS: Record<string, string> = { signin: 'Sign-in form', signup: 'Sign-up form' };

export interface SecurityEventLike {
  type: string;
  name: string | null;
  details: Record<string, unknown>;
}

/**
 * A security event in a line: what happened, in a sentence, then who or what it was about (already
 * masked by the server: an e-mail's first characters, an API key's last 4). Codes never show.
 */
export function securityEventLabel(event: SecurityEventLike): { title: string; detail: string | null } {
  const title =
    (event.name && SECURITY_EVENT_LABELS[event.name]) ??
    SECURITY_EVENT_TYPE_LABELS[event.type] ??
    'Security event';
  const text = (key: string) => (typeof event.details[key] === 'string' ? event.details[key] : undefined);
  const form = text('form');
  const keyEnding = text('keyEnding');
  const parts = [
    text('email'),
    keyEnding && `Key ending ${keyEnding}`,
    form && (FORM_LABELS[form] ?? undefined),
    text('path'),
  ].filter(Boolean);
  return { title, detail: parts.length ? parts.join(' · ') : null };
}

/** The payment statuses as words, for the table's badges and the status filter. */
export const PAYMENT_STATUS_LABELS: Record<PaymentDisplayStatus, string> = {
  PAID: 'Paid',
  PENDING: 'Pending',
  EXPIRED: 'Expired',
  FAILED: 'Failed',
};

/** The engine's order (and checkout) statuses as words. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  PENDING: 'Pending',
  IN_PROGRESS: 'In progress',
  ACCEPTED: 'Accepted',
  FULFILLED: 'Fulfilled',
  CANCELLED: 'Cancelled',
  REJECTED: 'Rejected',
};

/** An order status as a word; a status this table does not know yet reads as its words, capitalised. */
export function orderStatusLabel(status: string): string {
  if (Object.hasOwn(ORDER_STATUS_LABELS, status)) return ORDER_STATUS_LABELS[status as OrderStatus];
  const words = status.toLowerCase().replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A payment method the provider registry does not list (a provider since removed): its kind in words,
 * never the code. Methods are `stripe_spt` or `btc_<provider>` (ADR 011).
 */
export function paymentMethodFallbackLabel(method: string): string {
  if (method.startsWith('btc_')) return 'Bitcoin Lightning';
  if (method.endsWith('_spt')) return 'Card';
  return 'Other method';
}

/** A card payment the buyer's bank is disputing (a chargeback), as the payments table labels it. */
export const DISPUTED_LABEL = 'Disputed';

/** Why a refund was made, as the refund dialog offers it and the refunds list shows it. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  requested_by_customer: 'Requested by the customer',
  duplicate: 'Duplicate payment',
  fraudulent: 'Fraudulent payment',
  other: 'Other',
};

/** Where a refund stands, for its badge. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  pending: 'Pending',
  succeeded: 'Refunded',
  failed: 'Failed',
};

/** A product's or variant's place in the product feed, for its badge and the status filter. */
export const FEED_STATUS_LABELS: Record<FeedStatus, string> = {
  ready: 'Ready',
  warning: 'Warning',
  blocked: 'Blocked',
};

/** How one push of the feed to the agent went, for the delivery log. */
export const FEED_DELIVERY_STATUS_LABELS: Record<FeedDeliveryStatus, string> = {
  pending: 'Sending',
  accepted: 'Accepted',
  partial: 'Partly accepted',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** How often the feed is pushed on its own. */
export const FEED_SCHEDULE_LABELS: Record<FeedSchedule, string> = {
  off: 'Off (push by hand)',
  hourly: 'Every hour',
  daily: 'Once a day',
};

/** Order cancellations (ADR 056): the row's action and what a store-side cancellation awaits. */
export const ORDER_CANCELLATION_LABELS = {
  action: 'Cancel order',
  flagged: 'Cancelled in store — refund?',
  refundedInStore: 'Cancelled in store, refunded',
  keptInStore: 'Cancelled in store, not refunded',
  byMerchant: 'Cancelled by you',
} as const;

/** Settings › Platform: what an order the store cancels gets. */
export const STORE_CANCELLATION_POLICY_LABELS = {
  flag: 'Ask me first (show “Cancelled in store — refund?”)',
  refund: 'Refund the buyer in full automatically',
} as const;
