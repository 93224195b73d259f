import { CreditCard, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { findPlan, isPlanId, PLANS, type PlanId } from '#common/domain/plans';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useIsSandbox } from '#web/lib/app-status';
import { useBillingSummary, useSwitchSandboxPlan } from './api';
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
          <Badge
            variant={sub.status === 'past_due' ? 'warning' : sub.status === 'trialing' ? 'brand' : 'success'}
          >
            {sub.status === 'past_due' ? 'Payment due' : sub.status === 'trialing' ? 'Trial' : 'Active'}
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
              {sub.cancel_at_period_end
                ? 'Ends on '
                : sub.status === 'trialing'
                  ? 'Free trial until '
                  : 'Renews on '}
              {longDate(sub.subscription_end)}
              {sub.status === 'trialing' && !sub.cancel_at_period_end && ', when the first payment is taken'}
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
      {data && <SandboxPlanSwitch current={data.sandbox_plan} />}
    </SectionCard>
  );
}

/** Sandbox only: try any plan's features, Enterprise included, without paying (docs/decisions/044). */
function SandboxPlanSwitch({ current }: { current: PlanId | null }) {
  const sandbox = useIsSandbox();
  const change = useSwitchSandboxPlan();
  if (!sandbox) return null;
  return (
    <div className="border-t border-slate-100 pt-3 text-sm">
      <label htmlFor="sandbox-plan" className="font-medium text-slate-900">
        Try a plan (sandbox)
      </label>
      <select
        id="sandbox-plan"
        className="mt-1 block h-9 w-full rounded-lg border border-slate-300 bg-white px-2"
        value={current ?? ''}
        disabled={change.isPending}
        onChange={(e) => change.mutate(isPlanId(e.target.value) ? e.target.value : null)}
      >
        <option value="">My plan and trial</option>
        {PLANS.map((plan) => (
          <option key={plan.id} value={plan.id}>
            {plan.name}
          </option>
        ))}
      </select>
      {change.isError && (
        <p role="alert" className="mt-1 text-red-700">
          {change.error.message}
        </p>
      )}
    </div>
  );
}
