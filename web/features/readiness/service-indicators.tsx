import type { ReadinessReport } from '#common/api/readiness';
import { cn } from '#web/lib/cn';
import {
  PROTOCOLS,
  protocolStatus,
  SERVICES,
  serviceStatus,
  type StatusLabel,
  type Tone,
} from './readiness-status';
import { TONE_ICONS } from './status-badge';

const TONE_COLOURS: Record<Tone, string> = {
  good: 'text-emerald-600',
  warning: 'text-amber-600',
  error: 'text-red-600',
};

/** A labelled list of indicators, icon and words: compact on a phone, a row of tiles from tablet up. */
function Indicators({
  label,
  items,
}: {
  label: string;
  items: { key: string; name: string; status: StatusLabel }[];
}) {
  return (
    <ul
      aria-label={label}
      className={cn(
        'divide-y divide-slate-100 rounded-xl border border-slate-200 sm:grid sm:gap-3 sm:divide-y-0 sm:rounded-none sm:border-0',
        items.length === 4 ? 'sm:grid-cols-2 xl:grid-cols-4' : 'sm:grid-cols-3',
      )}
    >
      {items.map(({ key, name, status }) => {
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

/** One indicator per service (app, crypto, card provider, Bitcoin). */
export function ServiceIndicators({ services }: { services: ReadinessReport['services'] }) {
  return (
    <Indicators
      label="Services"
      items={SERVICES.map(({ key, name }) => ({ key, name, status: serviceStatus(services[key]) }))}
    />
  );
}

/** One indicator per protocol agents buy through (agent API, ACP, UCP): open to orders or not. */
export function ProtocolIndicators({ protocols }: { protocols: ReadinessReport['protocols'] }) {
  return (
    <Indicators
      label="Protocols"
      items={PROTOCOLS.map(({ key, name }) => ({ key, name, status: protocolStatus(key, protocols) }))}
    />
  );
}
