import { MONTHLY_ORDER_LIMIT, ORDER_LIMIT_WARNING_RATIO, TRIAL_DAYS } from './limits';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days left at or under which the trial banner turns to its warning style (and trial_ending fires). */
export const TRIAL_WARNING_DAYS = 3;

/** When the free trial of a merchant that signed up at `createdAt` ends. */
export function trialEndOf(createdAt: Date): Date {
  return new Date(createdAt.getTime() + TRIAL_DAYS * DAY_MS);
}

/**
 * Whether `now` is within the merchant's 14 days of free trial. This is the trial the plan features and
 * the subscription's Stripe trial follow; connecting a card account (which ends the banner's "trialing"
 * state, per the spec's rule) does not shorten it.
 */
export function inFreeTrial(createdAt: Date, now: Date): boolean {
  return now.getTime() < trialEndOf(createdAt).getTime();
}

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
 * marker that only says card payments were switched on. A subscription still in its Stripe trial
 * (`subscriptionTrialEnd`, its status trialing) is the trial: its end is Stripe's, so the banner, the
 * subscription card and the trial_ending notice all say the day of the first charge.
 */
export function trialStatus(input: {
  merchantCreatedAt: Date;
  stripeAccountId: string | null;
  subscribed: boolean;
  subscriptionTrialEnd?: Date | null;
  now: Date;
}): TrialStatus {
  if (input.subscriptionTrialEnd) return subscriptionTrial(input.subscriptionTrialEnd, input.now);
  const elapsedDays = Math.floor((input.now.getTime() - input.merchantCreatedAt.getTime()) / DAY_MS);
  const daysUsed = Math.min(TRIAL_DAYS, Math.max(0, elapsedDays));
  const daysLeft = TRIAL_DAYS - daysUsed;
  const endsAt = trialEndOf(input.merchantCreatedAt);
  const connected = input.stripeAccountId !== null && input.stripeAccountId !== 'pending_setup';
  let state: TrialStatus['state'] = 'none';
  if (!input.subscribed && input.stripeAccountId === null && daysLeft > 0) state = 'trialing';
  else if (!input.subscribed && !connected && daysLeft === 0) state = 'expired';
  return { state, daysUsed, daysLeft, endsAt, warning: state !== 'none' && daysLeft <= TRIAL_WARNING_DAYS };
}

/** A Stripe subscription's trial ending at `endsAt`, in the banner's whole days. */
function subscriptionTrial(endsAt: Date, now: Date): TrialStatus {
  const daysLeft = Math.min(TRIAL_DAYS, Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS)));
  const state = daysLeft > 0 ? 'trialing' : 'none';
  return {
    state,
    daysUsed: TRIAL_DAYS - daysLeft,
    daysLeft,
    endsAt,
    warning: state === 'trialing' && daysLeft <= TRIAL_WARNING_DAYS,
  };
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
