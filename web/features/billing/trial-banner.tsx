import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { TRIAL_DAYS } from '#common/domain/limits';
import type { BillingSummary } from '#common/api/billing';
import { cn } from '#web/lib/cn';

/**
 * The free trial: days used out of 14 as a progress bar, in warning colours from 3 days left; once it
 * has expired, what to do next. Nothing once the trial is over (connected or subscribed).
 */
export function TrialBanner({ trial }: { trial: BillingSummary['trial'] | undefined }) {
  if (!trial || trial.state === 'none') return null;
  const expired = trial.state === 'expired';
  const warning = trial.warning || expired;
  return (
    <section
      aria-label="Free trial"
      className={cn(
        'rounded-xl border px-4 py-3',
        warning
          ? 'border-amber-300 bg-amber-50 text-amber-950'
          : 'border-brand-200 bg-brand-50 text-slate-900',
      )}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 text-sm font-medium">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          {expired
            ? 'Your free trial has ended. Connect Stripe or choose a plan to keep selling to agents.'
            : `Free trial: ${trial.days_left} ${trial.days_left === 1 ? 'day' : 'days'} left`}
        </p>
        <Link to="/pricing" className="text-sm font-semibold underline-offset-2 hover:underline">
          View Plans
        </Link>
      </div>
      <div
        role="progressbar"
        aria-label="Trial days used"
        aria-valuemin={0}
        aria-valuemax={TRIAL_DAYS}
        aria-valuenow={trial.days_used}
        aria-valuetext={`${trial.days_used} of ${TRIAL_DAYS} days used`}
        className="mt-2 h-2 overflow-hidden rounded-full bg-white/70"
      >
        <div
          className={cn('h-full rounded-full', warning ? 'bg-amber-500' : 'bg-brand-600')}
          style={{ width: `${(trial.days_used / TRIAL_DAYS) * 100}%` }}
        />
      </div>
      <p className="mt-1 text-xs opacity-80">
        {trial.days_used} of {TRIAL_DAYS} days used
      </p>
    </section>
  );
}
