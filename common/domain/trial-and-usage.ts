import { MONTHLY_ORDER_LIMIT, ORDER_LIMIT_WARNING_RATIO, TRIAL_DAYS } from './limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left at or under which the trial banner turns to its warning style (and trial_ending fires). */
export const TRIAL_WARNING_DAYS = 3;

export interface TrialStatus {
  /** trialing: in the free trial; expired: trial over with no card account connected; none: neither. */
  state: 'trialing' | 'expired' | 'none';
  /** Whole days since sign-up, 0 to TRIAL_DAYS (the banner's progress is daysUsed / TRIAL_DAYS). */
  daysUsed: number;
  daysLeft: number;
  endsAt: Date;
  /** Warning style: TRIAL_WARNING_DAYS days or fewer left. */
  warning: boolean;
}

/**
 * Where a merchant is in its free trial. A merchant is trialing until it connects a card account (a
 * subscription ends the trial too), for TRIAL_DAYS counted in whole days from sign-up; after that the
 * trial has expired until it connects. "Connected" means a real Stripe account, not the pending_setup
 * marker that only says card payments were switched on.
 */
export function trialStatus(input: {
  merchantCreatedAt: Date;
  stripeAccountId: string | null;
  subscribed: boolean;
  now: Date;
}): TrialStatus {
  const elapsedDays = Math.floor((input.now.getTime() - input.merchantCreatedAt.getTime()) / DAY_MS);
  const daysUsed = Math.min(TRIAL_DAYS, Math.max(0, elapsedDays));
  const daysLeft = TRIAL_DAYS - daysUsed;
  const endsAt = new Date(input.merchantCreatedAt.getTime() + TRIAL_DAYS * DAY_MS);
  const connected = input.stripeAccountId !== null && input.stripeAccountId !== 'pending_setup';
  let state: TrialStatus['state'] = 'none';
  if (!input.subscribed && input.stripeAccountId === null && daysLeft > 0) state = 'trialing';
  else if (!input.subscribed && !connected && daysLeft === 0) state = 'expired';
  return { state, daysUsed, daysLeft, endsAt, warning: state !== 'none' && daysLeft <= TRIAL_WARNING_DAYS };
}

export interface OrderUsage {
  count: number;
  /** The plan's monthly allowance; null when the plan has no order limit. */
  limit: number | null;
  /** near: at or above ORDER_LIMIT_WARNING_RATIO of the limit; at_limit: at or above the limit. */
  level: 'ok' | 'near' | 'at_limit';
  /** Orders beyond the allowance this month (each billed as overage, never refused). */
  overageOrders: number;
}

/** This month's orders against the plan's allowance. */
export function orderUsage(count: number, limit: number | null = MONTHLY_ORDER_LIMIT): OrderUsage {
  if (limit === null) return { count, limit, level: 'ok', overageOrders: 0 };
  const level = count >= limit ? 'at_limit' : count >= limit * ORDER_LIMIT_WARNING_RATIO ? 'near' : 'ok';
  return { count, limit, level, overageOrders: Math.max(0, count - limit) };
}

/** The first instant of `now`'s calendar month in UTC: usage and fees are counted per UTC month. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}
