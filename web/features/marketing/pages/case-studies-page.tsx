import {
  ArrowDown,
  CheckCircle2,
  Coffee,
  Landmark,
  Lightbulb,
  Mountain,
  Quote,
  ReceiptText,
  ShieldCheck,
  Target,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#common/domain/brand';
import { TRIAL_DAYS } from '#common/domain/limits';
import { Badge } from '#web/components/ui/badge';
import { Section, SectionHeading } from '#web/components/ui/section';
import { CtaBand } from '#web/features/marketing/info/cta-band';
import { PageHero } from '#web/features/marketing/info/page-hero';
import { cn } from '#web/lib/cn';
import { useSeo } from '#web/lib/use-seo';

interface CaseStudy {
  id: string;
  name: string;
  sector: string;
  /** A short line for the jump links in the hero. */
  summary: string;
  headline: string;
  icon: LucideIcon;
  accent: { tile: string; band: string; check: string };
  stack: string[];
  challenge: string;
  solution: string[];
  results: string[];
  quote: { text: string; role: string };
}

const CASE_STUDIES: CaseStudy[] = [
  {
    id: 'fellwater-outdoor',
    name: 'Fellwater Outdoor Supply',
    sector: 'Outdoor gear',
    summary: 'WooCommerce · Cards',
    headline: 'A WooCommerce gear shop that now sells inside ChatGPT, paid by card.',
    icon: Mountain,
    accent: { tile: 'bg-brand-600 text-white', band: 'from-brand-50', check: 'text-brand-600' },
    stack: ['WooCommerce', 'Cards via Stripe', 'ChatGPT Instant Checkout'],
    challenge:
      'Fellwater’s customers had started asking ChatGPT for advice such as “a light three-season tent for two”, and the answers pointed them to large marketplaces. The shop had a carefully kept WooCommerce catalogue and a Stripe account, but no way for an assistant to actually sell its products, and no developer to build an integration.',
    solution: [
      `The owners connected their WooCommerce store with a REST API key, linked their existing Stripe account and submitted the store for ChatGPT Instant Checkout from the ${PRODUCT_NAME} dashboard.`,
      `When a shopper decides to buy, ChatGPT hands over a Stripe Shared Payment Token. ${PRODUCT_NAME} uses it to take the payment on Fellwater’s own Stripe account and creates the order in WooCommerce, where it is picked and shipped like any other.`,
    ],
    results: [
      'Store and Stripe connected in under 5 minutes, without a developer',
      'Shoppers pay inside the conversation in under 30 seconds',
      'Agent orders appear in WooCommerce next to web orders',
      'Card payments settle to their own Stripe account on Stripe’s usual 2–7 business day schedule',
      'Refunds and disputes stay in the Stripe dashboard they already use',
    ],
    quote: {
      text: 'We didn’t have to change how we run the shop. Agent orders land in WooCommerce with everything else, and the money goes to our Stripe account as it always has.',
      role: 'Co-owner, Fellwater Outdoor Supply',
    },
  },
  {
    id: 'voltwick',
    name: 'Voltwick',
    sector: 'Electronics accessories',
    summary: 'WooCommerce · Lightning',
    headline: 'A Lightning-first accessories store that left chargebacks behind.',
    icon: Zap,
    accent: { tile: 'bg-lightning-500 text-slate-950', band: 'from-amber-50', check: 'text-lightning-600' },
    stack: ['WooCommerce', 'Bitcoin Lightning via OpenNode', 'Cards via Stripe'],
    challenge:
      'Cables, chargers and hardware-wallet cases are low-value, easy-to-ship items, and they attract “item not received” disputes. Every card chargeback cost Voltwick the sale, the goods and a dispute fee. Many of its customers already hold bitcoin and wanted to pay with it, but agent checkouts offered only cards.',
    solution: [
      `Voltwick joined the Lightning beta, connected its own OpenNode account with an API key and switched on Bitcoin Lightning for agent checkouts, keeping Stripe for shoppers who prefer a card.`,
      `When an agent checks out with Lightning, ${PRODUCT_NAME} creates an invoice in Voltwick’s OpenNode account. The shopper pays it from their wallet, and the order is confirmed in the store as soon as the invoice is paid.`,
    ],
    results: [
      'Zero chargebacks on Lightning payments: once settled, a Lightning payment is final',
      'Payments confirmed in under 30 seconds',
      `Funds settle straight to Voltwick’s OpenNode account; ${PRODUCT_NAME} never touches them`,
      'Store and Bitcoin provider connected in under 5 minutes',
    ],
    quote: {
      text: 'For a shop like ours, chargebacks were the real cost of selling online. With Lightning, once an order is paid, it stays paid.',
      role: 'Founder, Voltwick',
    },
  },
  {
    id: 'kettle-and-ember',
    name: 'Kettle & Ember Coffee Roasters',
    sector: 'Specialty coffee',
    summary: 'Custom API · Cards and Lightning',
    headline: 'A roaster with an in-house shop, connected through the custom API.',
    icon: Coffee,
    accent: { tile: 'bg-emerald-600 text-white', band: 'from-emerald-50', check: 'text-emerald-600' },
    stack: ['Custom API', 'Cards via Stripe', 'Bitcoin Lightning via CoinCorner'],
    challenge:
      'Kettle & Ember roasts to order, so every order has to reach the roastery’s own system straight away. Its shop and order system were built in-house rather than on a mainstream e-commerce platform, so ready-made plug-ins were not an option, and a bespoke agent integration looked like months of work.',
    solution: [
      `Instead of a new integration, the team pointed ${PRODUCT_NAME}’s custom API connector at two endpoints their system already had: one that lists products and one that creates orders.`,
      'They connected Stripe for cards and their CoinCorner account for Bitcoin Lightning, so agent shoppers can choose how to pay.',
    ],
    results: [
      'In-house order system connected in about 10 minutes, using endpoints they already had',
      'Agent orders go straight into the roast queue through the order creation endpoint',
      'Card and Lightning payments settle directly to their own Stripe and CoinCorner accounts',
      'Zero chargebacks on Lightning orders',
    ],
    quote: {
      text: `We expected an integration project. In the end we gave ${PRODUCT_NAME} two endpoints we already had, and agent orders started arriving in our roast queue.`,
      role: 'Co-founder, Kettle & Ember Coffee Roasters',
    },
  },
];

const COMMON: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: ShieldCheck,
    title: 'They stay the merchant of record',
    body: 'Each sale is between the merchant and their customer, under the merchant’s own name and policies.',
  },
  {
    icon: Landmark,
    title: 'Money settles directly to them',
    body: `Payments go straight to the merchant’s own Stripe, OpenNode or CoinCorner account. ${PRODUCT_NAME} never holds buyer funds.`,
  },
  {
    icon: ReceiptText,
    title: 'Refunds stay where they were',
    body: 'Refunds and chargebacks are handled in the merchant’s own payment providers, with the tools they already know.',
  },
];

function StoryBlock({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wider text-slate-500">
        <Icon aria-hidden="true" className="size-4" />
        {title}
      </h3>
      <div className="mt-3 space-y-3 leading-7 text-slate-700">{children}</div>
    </div>
  );
}

function CaseStudyArticle({ study }: { study: CaseStudy }) {
  const Icon = study.icon;
  return (
    <article
      id={study.id}
      aria-labelledby={`${study.id}-title`}
      className="scroll-mt-24 overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-sm"
    >
      <header
        className={cn(
          'flex flex-col gap-5 border-b border-slate-200 bg-gradient-to-r to-white p-5 sm:flex-row sm:items-start sm:p-8',
          study.accent.band,
        )}
      >
        <span
          className={cn(
            'inline-flex size-14 shrink-0 items-center justify-center rounded-2xl',
            study.accent.tile,
          )}
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-600">{study.sector}</p>
          <h2
            id={`${study.id}-title`}
            className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
          >
            {study.name}
          </h2>
          <p className="mt-2 text-lg text-slate-700">{study.headline}</p>
          <ul aria-label="Set-up" className="mt-4 flex flex-wrap gap-2">
            {study.stack.map((item) => (
              <li key={item}>
                <Badge variant="outline" className="bg-white">
                  {item}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      </header>

      <div className="grid gap-8 p-5 sm:p-8 lg:grid-cols-[minmax(0,1fr)_21rem] lg:gap-10">
        <div className="space-y-8">
          <StoryBlock icon={Target} title="The challenge">
            <p>{study.challenge}</p>
          </StoryBlock>
          <StoryBlock icon={Lightbulb} title="The solution">
            {study.solution.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </StoryBlock>
          <figure className="relative rounded-2xl border-l-4 border-slate-300 bg-slate-50 py-5 pl-5 pr-4 sm:pl-6 sm:pr-5">
            <Quote aria-hidden="true" className="absolute right-4 top-4 size-6 text-slate-300" />
            <blockquote className="pr-6 text-base italic leading-7 text-slate-800">
              <p>&ldquo;{study.quote.text}&rdquo;</p>
            </blockquote>
            <figcaption className="mt-3 text-sm font-medium text-slate-600">{study.quote.role}</figcaption>
          </figure>
        </div>

        <div className="h-fit rounded-2xl border border-slate-200 bg-slate-50/70 p-5 sm:p-6">
          <h3 className="text-sm font-semibold uppercase tracking-wider text-slate-500">Results</h3>
          <ul className="mt-4 space-y-4">
            {study.results.map((r) => (
              <li key={r} className="flex gap-3 text-sm leading-6 text-slate-800">
                <CheckCircle2
                  aria-hidden="true"
                  className={cn('mt-0.5 size-5 shrink-0', study.accent.check)}
                />
                <span>{r}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </article>
  );
}

/** /case-studies: three merchant stories and a call to action to /auth. */
export default function CaseStudiesPage() {
  useSeo({
    title: 'Case studies',
    description: `How independent merchants use ${PRODUCT_NAME} to sell through AI shopping agents, with card and Bitcoin Lightning payments settling straight to their own accounts.`,
    path: '/case-studies',
  });

  return (
    <>
      <PageHero
        eyebrow="Case studies"
        title="Independent shops, selling where shoppers now ask"
        lead={`Three small merchants on different platforms and payment methods, and what changed when AI shopping agents could buy from them through ${PRODUCT_NAME}.`}
      >
        <ul className="mt-10 grid gap-3 sm:grid-cols-3">
          {CASE_STUDIES.map((s) => {
            const Icon = s.icon;
            return (
              <li key={s.id}>
                <a
                  href={`#${s.id}`}
                  className="group flex h-full items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300"
                >
                  <span
                    className={cn(
                      'inline-flex size-10 shrink-0 items-center justify-center rounded-xl',
                      s.accent.tile,
                    )}
                  >
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-slate-900">{s.name}</span>
                    <span className="block text-sm text-slate-600">{s.summary}</span>
                  </span>
                  <ArrowDown
                    aria-hidden="true"
                    className="size-4 shrink-0 text-slate-400 transition-transform group-hover:translate-y-0.5"
                  />
                </a>
              </li>
            );
          })}
        </ul>
      </PageHero>

      <Section className="space-y-10 lg:space-y-12">
        {CASE_STUDIES.map((study) => (
          <CaseStudyArticle key={study.id} study={study} />
        ))}
        <p className="mx-auto max-w-3xl text-center text-sm text-slate-500">
          These case studies are illustrative: the merchants and quotes are composites based on typical{' '}
          {PRODUCT_NAME} set-ups, and the figures shown are the platform&rsquo;s published targets rather than
          individual results.
        </p>
      </Section>

      <section aria-labelledby="common-title" className="border-y border-slate-200 bg-slate-50">
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-20">
          <SectionHeading id="common-title" className="max-w-2xl text-balance">
            What every one of these stories has in common
          </SectionHeading>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {COMMON.map(({ icon: Icon, title, body }) => (
              <div key={title} className="rounded-2xl border border-slate-200 bg-white p-6">
                <span className="inline-flex size-10 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-2 leading-7 text-slate-600">{body}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <div className="pt-16 lg:pt-24">
        <CtaBand
          title="Write your own case study"
          body={`Connect your store and payment accounts in under 5 minutes. Start with a ${TRIAL_DAYS}-day free trial; no card needed.`}
          primary={{ to: '/auth', label: 'Start for Free' }}
          secondary={{ to: '/supported', label: 'See supported platforms' }}
        />
      </div>
    </>
  );
}
