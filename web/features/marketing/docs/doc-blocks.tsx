import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';

/** Inline code: field names, values, headers. */
export function C({ children }: { children: ReactNode }) {
  return (
    <code className="break-words rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">
      {children}
    </code>
  );
}

/** Prose paragraph at reading width. */
export function P({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn('max-w-[72ch] leading-7 text-slate-600', className)}>{children}</p>;
}

export function H4({ children }: { children: ReactNode }) {
  return <h4 className="mt-6 text-base font-semibold text-slate-900">{children}</h4>;
}

export function List({ children, ordered = false }: { children: ReactNode; ordered?: boolean }) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag
      className={cn(
        'max-w-[72ch] space-y-2 pl-5 leading-7 text-slate-600 marker:text-slate-400',
        ordered ? 'list-decimal' : 'list-disc',
      )}
    >
      {children}
    </Tag>
  );
}

export function Note({ children, tone = 'info' }: { children: ReactNode; tone?: 'info' | 'warning' }) {
  return (
    <div
      className={cn(
        'max-w-[72ch] rounded-xl border px-4 py-3 text-sm leading-6',
        tone === 'info'
          ? 'border-brand-200 bg-brand-50 text-slate-700'
          : 'border-amber-300 bg-amber-50 text-slate-800',
      )}
    >
      {children}
    </div>
  );
}

export type HttpMethod = 'GET' | 'POST';

export function MethodBadge({ method }: { method: HttpMethod }) {
  return (
    <span
      className={cn(
        'rounded-md px-2 py-0.5 font-mono text-xs font-semibold',
        method === 'GET' ? 'bg-emerald-100 text-emerald-800' : 'bg-brand-100 text-brand-800',
      )}
    >
      {method}
    </span>
  );
}

/** The method and every path an operation answers on. */
export function Endpoint({ method, paths }: { method: HttpMethod; paths: string[] }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-xl border border-slate-200 bg-slate-50 px-3 py-2">
      <MethodBadge method={method} />
      {paths.map((path, i) => (
        <span key={path} className="flex min-w-0 items-center gap-2">
          {i > 0 && <span className="text-xs text-slate-500">or</span>}
          <code className="break-all font-mono text-sm text-slate-900">{path}</code>
        </span>
      ))}
    </div>
  );
}

export interface Column {
  label: string;
  /** Mono for names and values. */
  mono?: boolean;
}

/** A reference table that scrolls sideways inside its own box on a narrow screen. */
export function RefTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: Column[];
  rows: ReactNode[][];
}) {
  return (
    <div
      className="overflow-x-auto rounded-xl border border-slate-200"
      tabIndex={0}
      role="group"
      aria-label={caption}
    >
      <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wider text-slate-500">
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col" className="px-3 py-2 font-semibold">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, r) => (
            <tr key={r} className="align-top">
              {row.map((cell, i) => (
                <td
                  key={i}
                  className={cn(
                    'px-3 py-2 leading-6',
                    columns[i]?.mono
                      ? 'font-mono text-[0.8rem] text-slate-900 break-words'
                      : 'text-slate-600',
                  )}
                >
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DocSectionProps {
  id: string;
  title: string;
  /** A short line under the title. */
  summary?: ReactNode;
  children: ReactNode;
}

/** One linkable topic: its id is the URL anchor (/docs#offer) and its h3 names the region. */
export function DocSection({ id, title, summary, children }: DocSectionProps) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 space-y-4 border-t border-slate-200 pt-8 first:border-t-0 first:pt-0"
    >
      <div>
        <div className="group flex items-baseline gap-2">
          <h3 id={`${id}-title`} className="text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl">
            {title}
          </h3>
          <a
            href={`#${id}`}
            className="text-lg text-slate-400 no-underline opacity-0 group-hover:opacity-100 focus-visible:opacity-100"
            aria-label={`Link to ${title}`}
          >
            #
          </a>
        </div>
        {summary && <P className="mt-2">{summary}</P>}
      </div>
      {children}
    </section>
  );
}

/** A group of topics with its h2 (Getting started, Endpoints, …). */
export function DocGroup({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-8">
      <div>
        <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {title}
        </h2>
        <P className="mt-3">{intro}</P>
      </div>
      <div className="space-y-12">{children}</div>
    </section>
  );
}
