import type { Db } from '../../db/client';
import type { JobDefinition } from '../../jobs/queue';
import type { Clock } from '../../lib/clock';
import { invoiceAccruedCharges, reportOverageUsage } from './collect-usage-and-fees';
import type { PlatformBilling } from './platform-stripe';

/**
 * Collecting what the ledger says merchants owe, on the platform's Stripe Billing: overage orders
 * of subscribed merchants are reported to the meter every few minutes (so they reach the invoice of the
 * period they happened in), and fees accrued outside Stripe Connect, with the overage of merchants without
 * a subscription, are invoiced once a month has ended (on the next subscription invoice, or on an invoice
 * sent to a merchant without a subscription). None when billing is off.
 */
export function billingJobs(deps: {
  db: Db;
  billing: PlatformBilling | null;
  clock: Clock;
}): JobDefinition<never>[] {
  const { db, billing, clock } = deps;
  if (!billing) return [];
  return [
    {
      name: 'billing-report-overage',
      retryLimit: 5,
      retryDelaySeconds: 60,
      cron: '*/5 * * * *',
      handler: () => reportOverageUsage(db, billing),
    },
    {
      name: 'billing-invoice-accrued-fees',
      retryLimit: 8,
      retryDelaySeconds: 300,
      cron: '17 2 1 * *',
      handler: () => invoiceAccruedCharges(db, billing, clock.now()),
    },
  ] as JobDefinition<never>[];
}
