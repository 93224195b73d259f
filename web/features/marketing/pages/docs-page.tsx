import {
  AlertTriangle,
  ArrowRight,
  BookOpen,
  ChevronDown,
  CircleDot,
  KeyRound,
  LifeBuoy,
  Mail,
  PackageCheck,
  Rocket,
  Settings2,
  ShoppingCart,
  Tag,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { CtaBand } from '#web/features/marketing/info/cta-band';
import { PageHero } from '#web/features/marketing/info/page-hero';
import { cn } from '#web/lib/cn';
import { useSeo } from '#web/lib/use-seo';

interface DocTopic {
  id: string;
  title: string;
  icon: LucideIcon;
  method?: 'GET' | 'POST';
  body: string;
}

interface DocGroup {
  id: string;
  title: string;
  intro: string;
  topics: DocTopic[];
}

const TILES: { value: string; label: string }[] = [
  { value: '4', label: 'Endpoints' },
  { value: '<300ms', label: 'Response time' },
  { value: '99.9%', label: 'Uptime SLA' },
  { value: 'ACP v1', label: 'Protocol' },
];

const FLOW: { step: string; text: string }[] = [
  { step: 'Offer', text: 'Price a basket and its shipping' },
  { step: 'Checkout', text: 'Pay by card or Lightning' },
  { step: 'Confirm', text: 'Create the order in your store' },
  { step: 'Order', text: 'Follow status and tracking' },
];

const GROUPS: DocGroup[] = [
  {
    id: 'getting-started',
    title: 'Getting started',
    intro: 'What you set up in the dashboard before an agent can call the API.',
    topics: [
      {
        id: 'setup',
        title: 'Setup',
        icon: Settings2,
        body: 'Create an account, connect your store (WooCommerce or a custom API) and at least one payment provider, then generate an API key for the agent. It takes under 5 minutes.',
      },
      {
        id: 'auth',
        title: 'Authentication',
        icon: KeyRound,
        body: 'Every request carries an API key that you generate in your dashboard. The key is shown once, belongs on the server side only, and can be replaced at any time.',
      },
    ],
  },
  {
    id: 'endpoints',
    title: 'Endpoints',
    intro: 'Four endpoints cover the whole purchase, from a priced basket to a tracked parcel.',
    topics: [
      {
        id: 'offer',
        title: 'Offer',
        icon: Tag,
        method: 'POST',
        body: 'Prices a basket. The agent sends the products, quantities and the shopper’s destination, and receives the total, the available shipping options and how long the offer is valid.',
      },
      {
        id: 'checkout',
        title: 'Checkout',
        icon: ShoppingCart,
        method: 'POST',
        body: 'Starts payment for an offer with the shopper’s details and chosen shipping option. Card checkouts use the Stripe Shared Payment Token the agent supplies; Bitcoin checkouts return a Lightning invoice.',
      },
      {
        id: 'confirm',
        title: 'Confirm',
        icon: PackageCheck,
        method: 'POST',
        body: 'Commits the checkout and creates the order in your store. An idempotency key makes retries safe: repeating a request never creates a second order.',
      },
      {
        id: 'order',
        title: 'Order',
        icon: CircleDot,
        method: 'GET',
        body: 'Looks up an order by its ID and returns its status and, once it has shipped, the tracking details.',
      },
    ],
  },
  {
    id: 'bitcoin-payments',
    title: 'Bitcoin payments',
    intro: 'Lightning payments are created in, and settle to, your own Bitcoin provider account.',
    topics: [
      {
        id: 'bitcoin',
        title: 'Lightning payment flow',
        icon: Zap,
        body: 'The checkout returns an invoice from your Bitcoin provider. The shopper pays it from any Lightning wallet, the agent checks until it is paid, typically in under 30 seconds, and then confirms the order.',
      },
      {
        id: 'opennode',
        title: 'OpenNode',
        icon: Wallet,
        body: 'Connect OpenNode with an API key from your OpenNode account. Invoices are issued by your account and payments settle there.',
      },
      {
        id: 'coincorner',
        title: 'CoinCorner',
        icon: Wallet,
        body: 'Connect CoinCorner with your API key and secret. Invoices are issued by your CoinCorner account, and can also offer the shopper an on-chain Bitcoin address.',
      },
    ],
  },
  {
    id: 'operations',
    title: 'Running in production',
    intro: 'Handling errors, going live and fixing common problems.',
    topics: [
      {
        id: 'errors',
        title: 'Errors',
        icon: AlertTriangle,
        body: 'Errors share one JSON shape with a machine-readable code and a correlation ID you can quote to support. Rate-limited requests tell the agent when to retry.',
      },
      {
        id: 'production',
        title: 'Going to production',
        icon: Rocket,
        body: 'A checklist for going live: switch providers to live credentials, place a test order with the agent tester in your dashboard, and keep API keys out of client-side code.',
      },
      {
        id: 'troubleshooting',
        title: 'Troubleshooting',
        icon: LifeBuoy,
        body: `Fixes for common problems such as failed connection tests, declined cards and expired invoices. Until it is published, e-mail ${SUPPORT_EMAIL} with the correlation ID from the error.`,
      },
    ],
  },
];

function DocsNavList() {
  return (
    <div className="space-y-5">
      {GROUPS.map((g) => (
        <div key={g.id}>
          <p className="px-2 text-xs font-semibold uppercase tracking-wider text-slate-500">{g.title}</p>
          <ul className="mt-2 space-y-0.5 text-sm">
            {g.topics.map((t) => (
              <li key={t.id}>
                <a
                  href={`#${t.id}`}
                  className="flex items-center justify-between gap-2 rounded-md px-2 py-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                >
                  {t.title}
                  {t.method && (
                    <span className="font-mono text-[0.65rem] font-semibold text-slate-500">{t.method}</span>
                  )}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function MethodBadge({ method }: { method: 'GET' | 'POST' }) {
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

function TopicCard({ topic }: { topic: DocTopic }) {
  const Icon = topic.icon;
  return (
    <section
      id={topic.id}
      aria-labelledby={`${topic.id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
          <Icon aria-hidden="true" className="size-5" />
        </span>
        <h3 id={`${topic.id}-title`} className="text-lg font-semibold text-slate-900">
          {topic.title}
        </h3>
        {topic.method && <MethodBadge method={topic.method} />}
        <Badge variant="neutral" className="sm:ml-auto">
          Reference in progress
        </Badge>
      </div>
      <p className="mt-3 leading-7 text-slate-600">{topic.body}</p>
    </section>
  );
}

/**
 * /docs (spec §2): the agent API reference ships with the agent API. Until then this page says so honestly,
 * gives the overview, and keeps the section anchors that other pages link to.
 */
export default function DocsPage() {
  useSeo({
    title: 'API documentation',
    description: `The ${PRODUCT_NAME} agent API lets AI shopping agents price, pay for and place orders in your store over ACP v1. The full reference is published here with the agent API.`,
    path: '/docs',
  });

  return (
    <>
      <PageHero
        eyebrow="Developers"
        title="API documentation"
        lead={`The ${PRODUCT_NAME} agent API lets AI shopping agents price a basket, take payment by card or Bitcoin Lightning, and place the order in your store, using the Agentic Commerce Protocol.`}
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
        <div
          role="note"
          className="flex flex-col gap-4 rounded-2xl border border-lightning-400/60 bg-amber-50 p-5 sm:flex-row sm:p-6"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-lightning-500 text-slate-950">
            <BookOpen aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-slate-900">The full reference is being written</p>
            <p className="mt-1 leading-7 text-slate-700">
              Request and response formats, examples and the complete list of error codes will be published on
              this page together with the agent API. Until then, this page gives an overview of what the API
              does. If you are planning an integration, we are happy to talk it through.
            </p>
            <div className="mt-4 flex flex-col gap-2 sm:flex-row">
              <Button asChild variant="secondary">
                <Link to="/contact">
                  <Mail aria-hidden="true" />
                  Contact us
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/auth">Create a merchant account</Link>
              </Button>
            </div>
          </div>
        </div>

        <div className="mt-12 grid gap-10 lg:grid-cols-[14rem_minmax(0,1fr)] lg:gap-14">
          <aside>
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
            <nav aria-label="Documentation" className="sticky top-24 hidden lg:block">
              <DocsNavList />
            </nav>
          </aside>

          <div className="min-w-0 space-y-16">
            <section aria-labelledby="overview-title">
              <h2
                id="overview-title"
                className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
              >
                How an agent purchase works
              </h2>
              <p className="mt-3 max-w-[70ch] leading-7 text-slate-600">
                An AI agent makes four calls to sell one of your products. Payment settles straight to your
                own Stripe, OpenNode or CoinCorner account, and the order is created in your own store:{' '}
                {PRODUCT_NAME} never holds buyer funds.
              </p>
              <ol className="mt-8 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
                {FLOW.map((f, i) => (
                  <li
                    key={f.step}
                    className="relative flex items-start gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:block sm:p-5"
                  >
                    <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold text-white">
                      {i + 1}
                    </span>
                    <div className="sm:mt-3">
                      <p className="font-semibold text-slate-900">{f.step}</p>
                      <p className="mt-1 text-sm leading-6 text-slate-600">{f.text}</p>
                    </div>
                    {i < FLOW.length - 1 && (
                      <ArrowRight
                        aria-hidden="true"
                        className="absolute -right-3 top-1/2 z-10 hidden size-6 -translate-y-1/2 rounded-full border border-slate-200 bg-white p-1 text-slate-400 lg:block"
                      />
                    )}
                  </li>
                ))}
              </ol>
            </section>

            {GROUPS.map((g) => (
              <section key={g.id} aria-labelledby={`${g.id}-title`}>
                <h2
                  id={`${g.id}-title`}
                  className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
                >
                  {g.title}
                </h2>
                <p className="mt-3 max-w-[70ch] leading-7 text-slate-600">{g.intro}</p>
                <div className="mt-6 space-y-4">
                  {g.topics.map((t) => (
                    <TopicCard key={t.id} topic={t} />
                  ))}
                </div>
              </section>
            ))}
          </div>
        </div>
      </div>

      <CtaBand
        title="Get your store ready for AI agents"
        body="Connect your store and payment accounts now, so you are ready to sell through agents as soon as the agent API and its reference are published."
        primary={{ to: '/auth', label: 'Start for Free' }}
        secondary={{ to: '/contact', label: 'Talk to us about an integration' }}
      />
    </>
  );
}
