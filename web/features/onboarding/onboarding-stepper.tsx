import { Check } from 'lucide-react';
import { ONBOARDING_STEPS, type OnboardingStep } from '#common/domain/onboarding';
import { cn } from '#web/lib/cn';

/** The wizard's progress: five numbered steps, the current one named for screen readers. */
export function OnboardingStepper({ current }: { current: OnboardingStep }) {
  return (
    <nav aria-label="Onboarding progress">
      <p className="mb-3 text-sm font-medium text-slate-600">
        Step {current} of {ONBOARDING_STEPS.length}
      </p>
      <div
        className="h-1.5 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-label="Onboarding progress"
        aria-valuemin={1}
        aria-valuemax={ONBOARDING_STEPS.length}
        aria-valuenow={current}
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-all"
          style={{ width: `${(current / ONBOARDING_STEPS.length) * 100}%` }}
        />
      </div>
      <ol className="mt-4 hidden gap-2 md:grid md:grid-cols-5">
        {ONBOARDING_STEPS.map((name, index) => {
          const step = index + 1;
          const done = step < current;
          return (
            <li
              key={name}
              aria-current={step === current ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 text-sm',
                step === current
                  ? 'font-semibold text-slate-900'
                  : done
                    ? 'text-slate-700'
                    : 'text-slate-500',
              )}
            >
              <span
                className={cn(
                  'inline-flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold',
                  done && 'bg-brand-600 text-white',
                  step === current && 'bg-brand-100 text-brand-800 ring-2 ring-brand-600',
                  !done && step !== current && 'bg-slate-100 text-slate-600',
                )}
              >
                {done ? <Check aria-hidden="true" className="size-3.5" /> : step}
              </span>
              {name}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
