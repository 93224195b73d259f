import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/lib/cn';

interface CodeBlockProps {
  /** What the block shows, e.g. "Request" or "Response 201"; also names the copy button. */
  title: string;
  code: string;
  /** Requests are meant to be pasted into a terminal; answers are for reading but can be copied too. */
  kind?: 'request' | 'response';
  className?: string;
}

type CopyState = 'idle' | 'copied' | 'selected';

const RESET_AFTER_MS = 2000;

/**
 * A titled code sample with a copy button. The code scrolls sideways inside its box (never the page)
 * and the box is focusable, so keyboard users can scroll it too. Where the Clipboard API is missing
 * (a page served over plain http from another host), the text is selected for Ctrl+C instead.
 */
export function CodeBlock({ title, code, kind = 'request', className }: CodeBlockProps) {
  const [state, setState] = useState<CopyState>('idle');
  const codeRef = useRef<HTMLElement>(null);
  const titleId = useId();

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setState('copied');
    } catch {
      if (codeRef.current) window.getSelection()?.selectAllChildren(codeRef.current);
      setState('selected');
    }
  }

  return (
    <figure
      data-kind={kind}
      className={cn(
        'min-w-0 overflow-hidden rounded-xl border',
        kind === 'request' ? 'border-slate-800 bg-slate-950' : 'border-slate-200 bg-slate-50',
        className,
      )}
    >
      <figcaption
        className={cn(
          'flex items-center justify-between gap-3 border-b px-4 py-1.5',
          kind === 'request' ? 'border-slate-800' : 'border-slate-200',
        )}
      >
        <span
          id={titleId}
          className={cn(
            'truncate text-xs font-semibold uppercase tracking-wider',
            kind === 'request' ? 'text-slate-400' : 'text-slate-500',
          )}
        >
          {title}
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <span
            role="status"
            className={cn('text-xs', kind === 'request' ? 'text-emerald-300' : 'text-emerald-700')}
          >
            {state === 'copied' ? 'Copied' : state === 'selected' ? 'Selected: press Ctrl+C' : ''}
          </span>
          <Button
            size="sm"
            variant="ghost"
            onClick={copy}
            aria-label={`Copy ${title.toLowerCase()}`}
            className={cn(
              'h-7 px-2',
              kind === 'request' && 'text-slate-300 hover:bg-slate-800 hover:text-white',
            )}
          >
            {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            Copy
          </Button>
        </span>
      </figcaption>
      <pre
        tabIndex={0}
        role="group"
        aria-labelledby={titleId}
        className={cn(
          'overflow-x-auto p-4 font-mono text-[0.8rem] leading-6 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500',
          kind === 'request' ? 'text-slate-100' : 'text-slate-800',
        )}
      >
        <code ref={codeRef}>{code}</code>
      </pre>
    </figure>
  );
}
