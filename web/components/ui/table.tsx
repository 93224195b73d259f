import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { Skeleton } from './skeleton';

/**
 * A data table styled for the dashboard: a bordered card whose body scrolls sideways on a phone rather
 * than squeezing its columns. The caption names the table for screen readers (visually hidden unless
 * asked otherwise). A table with no control in it that may still scroll (figures in a narrow column)
 * takes `scrollLabel`: its scroller then is a named region the keyboard can reach and scroll. A table
 * whose key columns must stay in view on a phone takes `stacked`: there each row becomes a small card
 * of its cells, each named by its TableCell `label` (web/styles.css).
 */
export function Table({
  className,
  caption,
  showCaption = false,
  scrollLabel,
  stacked = false,
  children,
  ...props
}: ComponentProps<'table'> & {
  caption: ReactNode;
  showCaption?: boolean;
  scrollLabel?: string;
  stacked?: boolean;
}) {
  return (
    <div
      // relative: a visually hidden label in a cell is placed inside the scroller, not beyond the page.
      className="relative w-full overflow-x-auto rounded-xl border border-slate-200 bg-white"
      {...(scrollLabel ? { role: 'region', 'aria-label': scrollLabel, tabIndex: 0 } : {})}
    >
      <table
        className={cn('w-full caption-bottom border-collapse text-sm', stacked && 'table-stacked', className)}
        {...props}
      >
        <caption className={showCaption ? 'px-4 py-3 text-left text-xs text-slate-500' : 'sr-only'}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return (
    <thead className={cn('bg-slate-50 [&_tr]:border-b [&_tr]:border-slate-200', className)} {...props} />
  );
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cn('[&_tr:last-child]:border-0', className)} {...props} />;
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return (
    <tr
      className={cn('border-b border-slate-100 transition-colors hover:bg-slate-50/60', className)}
      {...props}
    />
  );
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return (
    <th
      scope={scope}
      className={cn(
        'h-10 whitespace-nowrap px-4 text-left align-middle text-xs font-semibold uppercase tracking-wide text-slate-500',
        className,
      )}
      {...props}
    />
  );
}

/** `label`: the column's name, shown above the cell where a `stacked` table's rows become cards. */
export function TableCell({ className, label, ...props }: ComponentProps<'td'> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn('whitespace-nowrap px-4 py-3 align-middle text-slate-700', className)}
      {...props}
    />
  );
}

/** The one row a table shows when it has nothing (or could not load): a message across every column. */
export function TableMessageRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-4 py-10 text-center text-sm text-slate-500">
        {children}
      </td>
    </tr>
  );
}

/** What a table shows while its first page loads: placeholder rows of bars, one per cell. */
export function TableSkeletonRows({
  rows,
  columns,
  barClassName = 'w-20',
}: {
  rows: number;
  columns: number;
  barClassName?: string;
}) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i}>
      {Array.from({ length: columns }, (_, j) => (
        <TableCell key={j}>
          <Skeleton className={cn('h-4', barClassName)} />
        </TableCell>
      ))}
    </TableRow>
  ));
}
