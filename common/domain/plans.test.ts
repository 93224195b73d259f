import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies';
import { findPlan, monthlyCostByPlan, transactionFeeMinor } from './plans';

describe('transactionFeeMinor', () => {
  // GBP, EUR and USD all have two decimals, so one table of minor amounts holds in each.
  it.each(CURRENCIES)('rounds every plan’s fee down to the minor unit in %s', (currency) => {
    const cases: [amount: number, plan: Parameters<typeof findPlan>[0], fee: number][] = [
      [1999, 'starter', 39], // 39.98
      [2398, 'growth', 23], // 23.98
      [199, 'scale', 0], // 0.995
      [201, 'scale', 1], // 1.005
      [9999, 'enterprise', 24], // 24.9975
      [10_000, 'enterprise', 25],
      [50, 'starter', 1],
      [49, 'starter', 0], // 0.98
    ];
    for (const [amount, plan, fee] of cases) {
      expect(transactionFeeMinor(amount, findPlan(plan)), `${currency} ${amount} on ${plan}`).toBe(fee);
    }
    expect(monthlyCostByPlan(9999, currency).find((c) => c.planId === 'enterprise')).toMatchObject({
      transactionFeesMinor: 24,
    });
  });

  it('never charges more than the plan’s rate of the amount', () => {
    for (let amount = 0; amount < 5000; amount += 7) {
      for (const id of ['starter', 'growth', 'scale', 'enterprise'] as const) {
        const plan = findPlan(id);
        const fee = transactionFeeMinor(amount, plan);
        expect(fee * 10_000).toBeLessThanOrEqual(amount * plan.feeBasisPoints);
        expect((fee + 1) * 10_000).toBeGreaterThan(amount * plan.feeBasisPoints);
      }
    }
  });
});
