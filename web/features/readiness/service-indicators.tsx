import type { ReadinessReport } from '#common/api/readiness';
import { cn } from '#web/lib/cn';
import { SERVICES, serviceStatus, type Tone } from './readiness-status';
import { TONE_ICONS } from './status-badge';

const TONE_COLOURS: Record<Tone, string> = {
  good: 'text-emerald-600',
  warning: 'text-amber-600',
  error: 'text-red-600',
};

/** One indicator per service (app, crypto, card provider, Bitcoin), icon and words. */
export function ServiceIndicators({ services }: { services: ReadinessReport['services'] }) {
  return (
    // A compact list on a phone, a row of tiles from tablet width up.
    <ul
      aria-label="Services"
      className="divide-y divide-slate-100 rounded-xl border border-slate-200 sm:grid sm:grid-cols-2 sm:gap-3 sm:divide-y-0 sm:rounded-none sm:border-0 xl:grid-cols-4"
    >
      {SERVICES.map(({ key, name }) => {
        const status = serviceStatus(services[key]);
        const Icon = TONE_ICONS[status.tone];
        return (
          <li
            key={key}
            className="flex items-center gap-3 px-3.5 py-2.5 sm:rounded-xl sm:border sm:border-slate-200 sm:bg-slate-50/60 sm:py-3"
          >
            <Icon aria-hidden="true" className={cn('size-5 shrink-0', TONE_COLOURS[status.tone])} />
            <div className="flex min-w-0 flex-1 items-center justify-between gap-2 sm:block">
              <p className="text-sm font-medium text-slate-900">{name}</p>
              <p className="text-xs text-slate-600">{status.label}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
