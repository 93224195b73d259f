import { Link } from 'react-router';
import { findPlan, PLAN_FEATURES, planIncludes, type PlanFeature, type PlanId } from '#common/domain/plans';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { useIsSandbox } from '#web/lib/app-status';
import { useBillingSummary, useSwitchSandboxPlan } from './api';

/**
 * Whether the merchant's plan includes `feature`, from the billing summary's feature plan (its plan,
 * Scale during the free trial, or the plan tried in the sandbox); undefined while that is loading.
 */
export function usePlanFeature(feature: PlanFeature): boolean | undefined {
  const summary = useBillingSummary();
  return summary.data ? planIncludes(summary.data.feature_plan, feature) : undefined;
}

/**
 * The upgrade prompt for a feature the merchant's plan does not include: which plan has it (the line
 * the pricing page lists), a way to that plan, and in the sandbox a way to try it without paying.
 * Nothing while the plan is loading or when the plan includes the feature.
 */
export function UpgradePrompt({ feature }: { feature: PlanFeature }) {
  const included = usePlanFeature(feature);
  if (included !== false) return null;
  const { plan, label } = PLAN_FEATURES[feature];
  const name = findPlan(plan).name;
  return (
    <Alert variant="warning" title={`Upgrade to ${name}`}>
      <p>
        {label} is part of the {name} plan.
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button asChild size="sm" variant="primary">
          <Link to={plan === 'enterprise' ? '/enterprise-calculator' : '/pricing'}>
            {plan === 'enterprise' ? 'Talk to us about Enterprise' : `See the ${name} plan`}
          </Link>
        </Button>
        <TryPlanInSandbox plan={plan} />
      </div>
    </Alert>
  );
}

/** Sandbox only: switches the merchant to `plan` to try its features without paying. */
export function TryPlanInSandbox({ plan }: { plan: PlanId }) {
  const sandbox = useIsSandbox();
  const trySandbox = useSwitchSandboxPlan();
  if (!sandbox) return null;
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        disabled={trySandbox.isPending}
        onClick={() => trySandbox.mutate(plan)}
      >
        {trySandbox.isPending ? 'Switching...' : `Try ${findPlan(plan).name} in the sandbox`}
      </Button>
      {trySandbox.isError && <p role="alert">{trySandbox.error.message}</p>}
    </>
  );
}
