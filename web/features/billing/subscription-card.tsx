import { CreditCard, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { findPlan, isPlanId } from '#common/domain/plans';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useBillingSummary } from './api';
import { useOpenPortal } from './use-open-portal';

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * The merchant's plan. Not subscribed: the free trial (or Starter) with View Plans. Subscribed: the plan,
 * an Active badge, the renewal date (or the end date once cancelled, or a scheduled downgrade) and the
 * customer portal.
 */
export function SubscriptionCard() {
  const summary = useBillingSummary();
  const portal = useOpenPortal();
  const data = summary.data;
  const sub = data?.subscription;

  return (
    <SectionCard
      title="Subscription"
      description="Your AgentCart plan."
      icon={CreditCard}
      contentClassName="space-y-3"
      aside={
        sub?.subscribed && (
          <Badge variant={sub.status === 'past_due' ? 'warning' : 'success'}>
            {sub.status === 'past_due' ? 'Payment due' : 'Active'}
          </Badge>
        )
      }
    >
      {summary.isPending ? (
        <LoadingState label="Loading your plan...">
          <Skeleton className="h-6 w-32" />
          <Skeleton className="h-4 w-48" />
        </LoadingState>
      ) : summary.isError ? (
        <LoadError
          title="Your plan could not be loaded"
          onRetry={() => void summary.refetch()}
          retrying={summary.isFetching}
        >
          {summary.error.message}
        </LoadError>
      ) : sub?.subscribed && sub.tier ? (
        <>
          <p className="text-2xl font-bold text-slate-900">{findPlan(sub.tier).name}</p>
          {sub.subscription_end && (
            <p className="text-sm text-slate-600">
              {sub.cancel_at_period_end ? 'Ends on ' : 'Renews on '}
              {longDate(sub.subscription_end)}
            </p>
          )}
          {sub.scheduled_plan && isPlanId(sub.scheduled_plan) && sub.scheduled_change_at && (
            <p className="text-sm text-slate-600">
              Changes to {findPlan(sub.scheduled_plan).name} on {longDate(sub.scheduled_change_at)}
            </p>
          )}
          {sub.status !== null && (
            <Button variant="outline" onClick={() => void portal.open()} disabled={portal.opening}>
              <ExternalLink aria-hidden="true" />
              {portal.opening ? 'Opening...' : 'Manage Subscription'}
            </Button>
          )}
        </>
      ) : (
        <>
          <p className="text-2xl font-bold text-slate-900">
            {data?.trial.state === 'trialing' ? 'Free trial' : 'Starter'}
          </p>
          <p className="text-sm text-slate-600">
            {data?.trial.state === 'trialing'
              ? `${data.trial.days_left} days left. Choose a plan for lower fees.`
              : 'Upgrade for lower transaction fees.'}
          </p>
          <Button asChild variant="primary">
            <Link to="/pricing">View Plans</Link>
          </Button>
        </>
      )}
    </SectionCard>
  );
}
