import { ChevronDown } from 'lucide-react';
import { PRODUCT_NAME } from '#common/domain/brand';
import { MethodBadge } from '#web/features/marketing/docs/doc-blocks';
import { AcpDocs } from '#web/features/marketing/docs/sections-acp';
import { BitcoinDocs } from '#web/features/marketing/docs/sections-bitcoin';
import { EndpointDocs } from '#web/features/marketing/docs/sections-endpoints';
import { GettingStartedDocs } from '#web/features/marketing/docs/sections-getting-started';
import { OperationsDocs } from '#web/features/marketing/docs/sections-operations';
import { UcpDocs } from '#web/features/marketing/docs/sections-ucp';
import { DOCS_TOC } from '#web/features/marketing/docs/toc';
import { CtaBand } from '#web/features/marketing/info/cta-band';
import { PageHero } from '#web/features/marketing/info/page-hero';
import { useSeo } from '#web/lib/use-seo';

/** The tiles the API documentation shows. */
const TILES: { value: string; label: string }[] = [
  { value: '4', label: 'Endpoints' },
  { value: '<300ms', label: 'Response time' },
  { value: '99.9%', label: 'Uptime SLA' },
  { value: 'ACP v1', label: 'Protocol' },
];

function DocsNavList() {
  return (
    <div className="space-y-4">
      {DOCS_TOC.map((g) => (
        <div key={g.id}>
          <p className="px-2 text-xs font-semibold uppercase tracking-wider text-slate-500">{g.title}</p>
          <ul className="mt-2 space-y-0.5 text-sm">
            {g.topics.map((t) => (
              <li key={t.id}>
                <a
                  href={`#${t.id}`}
                  className="flex items-center justify-between gap-2 rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
                >
                  {t.title}
                  {t.method && <MethodBadge method={t.method} />}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/**
 * /docs: the reference of the documented agent API and of the ACP checkout sessions
 * API, with examples that run against a sandbox instance. The content lives in docs/ modules; this page
 * lays it out with a table of contents (sticky on wide screens, folded on phones).
 */
export default function DocsPage() {
  useSeo({
    title: 'API documentation',
    description: `Reference for the ${PRODUCT_NAME} agent API and ACP checkout sessions: offers, checkout by card or Bitcoin Lightning, confirm, orders, errors and rate limits, with runnable examples.`,
    path: '/docs',
  });

  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="API documentation"
        lead={`The ${PRODUCT_NAME} agent API lets AI shopping agents price a basket, take payment by card or Bitcoin Lightning, and place the order in your store, directly or through the Agentic Commerce Protocol.`}
      >
        <dl className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
          {TILES.map((t) => (
            <div key={t.label} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <dt className="text-sm font-medium text-slate-500">{t.label}</dt>
              <dd className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{t.value}</dd>
            </div>
          ))}
        </dl>
      </PageHero>

      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:py-16">
        <div className="grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14">
          <aside className="min-w-0">
            <details className="group rounded-xl border border-slate-200 bg-slate-50 lg:hidden">
              <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 text-sm font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                On this page
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <nav aria-label="Documentation" className="border-t border-slate-200 px-2 py-4">
                <DocsNavList />
              </nav>
            </details>
            <nav
              aria-label="Documentation"
              className="sticky top-24 hidden max-h-[calc(100vh-7rem)] overflow-y-auto pb-4 lg:block"
            >
              <DocsNavList />
            </nav>
          </aside>

          <div className="min-w-0 space-y-20">
            <GettingStartedDocs />
            <EndpointDocs />
            <BitcoinDocs />
            <OperationsDocs />
            <AcpDocs />
            <UcpDocs />
          </div>
        </div>
      </div>

      <CtaBand
        title="Get your store ready for AI agents"
        body="Connect your store and payment accounts, generate an API key, and let agents buy from you by card or Lightning."
        primary={{ to: '/auth', label: 'Start for Free' }}
        secondary={{ to: '/contact', label: 'Talk to us about an integration' }}
      />
    </>
  );
}
