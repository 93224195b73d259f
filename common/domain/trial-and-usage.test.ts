import { describe, expect, it } from 'vitest';
import { monthStart, orderUsage, trialStatus } from './trial-and-usage';

const signedUp = new Date('2026-11-01T09:00:00Z');
const day = (n: number, hours = 0) => new Date(signedUp.getTime() + (n * 24 + hours) * 3_600_000);
const trial = (now: Date, stripeAccountId: string | null = null, subscribed = false) =>
  trialStatus({ merchantCreatedAt: signedUp, stripeAccountId, subscribed, now });

describe('trialStatus', () => {
  it('counts whole days used out of 14, warning from 3 days left', () => {
    expect(trial(day(0))).toMatchObject({ state: 'trialing', daysUsed: 0, daysLeft: 14, warning: false });
    expect(trial(day(10, 23))).toMatchObject({
      state: 'trialing',
      daysUsed: 10,
      daysLeft: 4,
      warning: false,
    });
    expect(trial(day(11))).toMatchObject({ state: 'trialing', daysUsed: 11, daysLeft: 3, warning: true });
    expect(trial(day(13, 23))).toMatchObject({ state: 'trialing', daysLeft: 1, warning: true });
  });

  it('expires on day 14 while no card account is connected', () => {
    expect(trial(day(14))).toMatchObject({ state: 'expired', daysUsed: 14, daysLeft: 0, warning: true });
    expect(trial(day(40))).toMatchObject({ state: 'expired', daysUsed: 14, daysLeft: 0 });
    expect(trial(day(14), 'pending_setup').state).toBe('expired');
    expect(trial(day(14)).endsAt).toEqual(day(14));
  });

  it('is over once a card account is connected or the merchant subscribes', () => {
    expect(trial(day(2), 'acct_1')).toMatchObject({ state: 'none', warning: false });
    expect(trial(day(20), 'acct_1').state).toBe('none');
    expect(trial(day(2), null, true).state).toBe('none');
    expect(trial(day(20), null, true).state).toBe('none');
    // Switching card payments on is not connecting them: the trial neither runs nor expires yet.
    expect(trial(day(2), 'pending_setup').state).toBe('none');
  });
});

describe('orderUsage', () => {
  it('is near the limit from 80% and at it from 100%, with overage beyond it', () => {
    expect(orderUsage(19)).toEqual({ count: 19, limit: 25, level: 'ok', overageOrders: 0 });
    expect(orderUsage(20).level).toBe('near');
    expect(orderUsage(24)).toEqual({ count: 24, limit: 25, level: 'near', overageOrders: 0 });
    expect(orderUsage(25)).toEqual({ count: 25, limit: 25, level: 'at_limit', overageOrders: 0 });
    expect(orderUsage(26)).toEqual({ count: 26, limit: 25, level: 'at_limit', overageOrders: 1 });
  });

  it('never warns on a plan without a limit', () => {
    expect(orderUsage(500, null)).toEqual({ count: 500, limit: null, level: 'ok', overageOrders: 0 });
  });
});

describe('monthStart', () => {
  it('is the first instant of the UTC month', () => {
    expect(monthStart(new Date('2026-11-30T23:59:59Z'))).toEqual(new Date('2026-11-01T00:00:00Z'));
    expect(monthStart(new Date('2026-12-01T00:00:00Z'))).toEqual(new Date('2026-12-01T00:00:00Z'));
  });
});
