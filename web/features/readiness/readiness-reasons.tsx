import { CircleCheck } from 'lucide-react';
import type { ReadinessReason } from '#common/api/readiness';
import { Badge } from '#web/components/ui/badge';

/** The reasons list: what stands between the merchant and agent sales, optional ones marked. */
export function ReadinessReasons({
  reasons,
  fixesHere = {},
}: {
  reasons: ReadinessReason[];
  /** A reason's message where the page it is on has the fix (onboarding's own Generate button). */
  fixesHere?: Partial<Record<string, string>>;
}) {
  if (reasons.length === 0) {
    return (
      <p className="flex items-center gap-2 rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-900">
        <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-600" />
        Nothing to fix: AI agents can find your products and pay.
      </p>
    );
  }
  return (
    <ul aria-label="What to fix" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      {reasons.map((reason) => (
        <li key={reason.code} className="flex flex-col gap-1.5 px-4 py-3 sm:flex-row sm:items-start sm:gap-4">
          <code className="shrink-0 rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700 sm:mt-0.5">
            {reason.code}
          </code>
          <p className="min-w-0 flex-1 text-sm text-slate-700">{fixesHere[reason.code] ?? reason.message}</p>
          {reason.optional && (
            <Badge variant="outline" className="self-start">
              Optional
            </Badge>
          )}
        </li>
      ))}
    </ul>
  );
}
