import { Check, Copy } from 'lucide-react';
import { cn } from '#web/lib/cn';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';

/**
 * An id a person may need to copy (an order number, an invoice, an API key's last digits): monospace,
 * in a chip, with a copy button. `shown` is what fits on screen; `value` is what is copied. Where the
 * browser blocks the clipboard the chip's text stays selectable. `data-copyable-id` marks the chip: the
 * every-screen journey lets raw ids appear there and nowhere else.
 */
export function CopyableId({
  value,
  shown = value,
  label,
  className,
}: {
  value: string;
  shown?: string;
  /** What the id is, for the button's accessible name: "Copy order number". */
  label: string;
  className?: string;
}) {
  const { state, copy } = useCopyToClipboard();
  return (
    <span
      data-copyable-id=""
      className={cn(
        'inline-flex max-w-full items-center gap-1 rounded-md border border-slate-200 bg-slate-50 py-0.5 pr-0.5 pl-2 font-mono text-xs text-slate-800',
        className,
      )}
    >
      <span className="min-w-0 truncate select-all" title={shown === value ? undefined : value}>
        {shown}
      </span>
      <button
        type="button"
        onClick={() => copy(value)}
        aria-label={state === 'copied' ? `${label} copied` : `Copy ${label}`}
        title={
          state === 'failed' ? 'Copying is blocked here: select the text and copy it by hand.' : undefined
        }
        className="inline-flex size-6 shrink-0 items-center justify-center rounded text-slate-500 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        {state === 'copied' ? (
          <Check aria-hidden="true" className="size-3.5 text-emerald-700" />
        ) : (
          <Copy aria-hidden="true" className="size-3.5" />
        )}
      </button>
    </span>
  );
}
