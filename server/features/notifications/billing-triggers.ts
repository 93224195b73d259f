import { findPlan } from '#common/domain/plans';
import type { JobDefinition } from '../../jobs/queue';
import { dueBillingNotices, type BillingNotice } from '../billing';
import { digestJobs } from './digest';
import { notify, type Notice, type NotifyDeps } from './notify';

function noticeOf(billing: BillingNotice): Notice {
  if (billing.kind === 'trial_ending') {
    const days = billing.daysLeft === 1 ? '1 day' : `${billing.daysLeft} days`;
    const ends = `Your free trial ends in ${days}, on ${billing.endsAt.toISOString().slice(0, 10)}.`;
    // A plan chosen during the trial is Stripe's trialing subscription: its first charge is the trial's end.
    const plan = billing.subscribedPlan ? findPlan(billing.subscribedPlan).name : null;
    return {
      merchantId: billing.merchantId,
      event: 'trial_ending',
      title: 'Your trial is ending',
      body: plan
        ? `${ends} The first payment for your ${plan} plan is taken then.`
        : `${ends} Choose a plan to keep taking orders from AI agents.`,
      link: plan ? '/dashboard' : '/pricing',
      occurrenceKey: billing.key,
    };
  }
  return {
    merchantId: billing.merchantId,
    event: 'usage_limit',
    title: billing.threshold === 100 ? 'Monthly order limit reached' : 'Monthly order limit at 80%',
    body:
      billing.threshold === 100
        ? `You have used all ${billing.limit} orders included this month (${billing.count} so far). Further orders are billed as overage; upgrade for unlimited orders.`
        : `You have used ${billing.count} of the ${billing.limit} orders included this month.`,
    link: '/pricing',
    occurrenceKey: billing.key,
  };
}

/**
 * trial_ending and usage_limit: every notice billing says holds now, delivered once per key. A notice
 * held back by the hourly limit (80% and 100% within the hour) is still listed on a later run, and goes
 * out then.
 */
export async function deliverBillingNotices(deps: NotifyDeps): Promise<void> {
  const due = await dueBillingNotices(deps.db, deps.clock.now());
  for (const billing of due) {
    try {
      await notify(deps, noticeOf(billing));
    } catch (err) {
      // One merchant's failure must not hold back the others; the next run offers it again.
      deps.logger.warn({ err, key: billing.key }, 'could not deliver a billing notice');
    }
  }
}

/** The periodic work: the look at billing notices, and the hourly digest. */
export function notificationJobs(deps: NotifyDeps): JobDefinition<never>[] {
  return [
    {
      name: 'notifications-billing-notices',
      retryLimit: 3,
      retryDelaySeconds: 60,
      cron: '*/10 * * * *',
      handler: () => deliverBillingNotices(deps),
    },
    ...digestJobs(deps),
  ] as JobDefinition<never>[];
}
