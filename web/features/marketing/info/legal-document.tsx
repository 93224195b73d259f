import { CalendarDays, ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn';
import { PageHero } from './page-hero';

export interface LegalSection {
  /** The anchor id, also used by the table of contents. */
  id: string;
  title: string;
  content: ReactNode;
}

interface LegalDocumentProps {
  eyebrow: string;
  title: string;
  lead: ReactNode;
  /** ISO date (YYYY-MM-DD) and its human-readable form. */
  updated: { iso: string; label: string };
  /** An optional plain-language summary shown before the numbered sections. */
  summary?: ReactNode;
  sections: LegalSection[];
}

/** Typography for long legal text, applied to a section's body without a typography plugin. */
export const legalProse = cn(
  'space-y-4 text-base leading-7 text-slate-700',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_h3]:pt-2 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6',
  '[&_li]:pl-1 [&_li::marker]:text-slate-400',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-sm [&_code]:text-slate-800',
);

function ContentsList({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="space-y-1 text-sm">
      {sections.map((s, i) => (
        <li key={s.id}>
          <a
            href={`#${s.id}`}
            className="flex gap-2 rounded-md px-2 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <span className="w-5 shrink-0 text-right tabular-nums text-slate-500">{i + 1}.</span>
            <span>{s.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Layout for the Terms of Service and Privacy Policy: hero, table of contents and numbered sections. */
export function LegalDocument({ eyebrow, title, lead, updated, summary, sections }: LegalDocumentProps) {
  return (
    <>
      <PageHero eyebrow={eyebrow} title={title} lead={lead}>
        <p className="mt-6 inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-600">
          <CalendarDays aria-hidden="true" className="size-4 text-brand-600" />
          Last updated <time dateTime={updated.iso}>{updated.label}</time>
        </p>
      </PageHero>

      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-16 lg:py-16">
        <aside>
          <details className="group rounded-xl border border-slate-200 bg-slate-50 lg:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
              Contents
              <ChevronDown
                aria-hidden="true"
                className="size-4 text-slate-500 transition-transform group-open:rotate-180"
              />
            </summary>
            <nav aria-label="Contents" className="border-t border-slate-200 px-2 py-3">
              <ContentsList sections={sections} />
            </nav>
          </details>
          <nav
            aria-label="Contents"
            className="sticky top-24 hidden max-h-[calc(100vh-8rem)] overflow-y-auto lg:block"
          >
            <p className="px-2 text-xs font-semibold uppercase tracking-wider text-slate-500">On this page</p>
            <div className="mt-3">
              <ContentsList sections={sections} />
            </div>
          </nav>
        </aside>

        <article className="min-w-0 max-w-[70ch]">
          {summary && (
            <div className="mb-12 rounded-2xl border border-brand-100 bg-brand-50/60 p-5 sm:p-6">
              <h2 className="text-base font-semibold text-slate-900">In short</h2>
              <div className={cn(legalProse, 'mt-3 text-[0.95rem]')}>{summary}</div>
            </div>
          )}
          <div className="space-y-12">
            {sections.map((s, i) => (
              <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="scroll-mt-24">
                <h2
                  id={`${s.id}-title`}
                  className="flex gap-3 text-xl font-semibold tracking-tight text-slate-900 sm:text-2xl"
                >
                  <span className="tabular-nums text-brand-600">{i + 1}.</span>
                  <span>{s.title}</span>
                </h2>
                <div className={cn(legalProse, 'mt-4')}>{s.content}</div>
              </section>
            ))}
          </div>
        </article>
      </div>
    </>
  );
}
