import { Check, Clock, FileCheck, MessageSquare, Moon, Rocket, Store, type LucideIcon } from 'lucide-react';
import { PRODUCT_NAME } from '#common/domain/brand';
import { Eyebrow, Lead, PageHeading, Section } from '#web/components/ui/section';
import { useSeo } from '#web/lib/use-seo';
import { ChatPreview } from '#web/features/marketing/chatgpt/chat-preview';
import { CtaBand } from '#web/features/marketing/info/cta-band';
import { CtaActions } from '#web/features/marketing/sections/cta-actions';
import { SectionIntro } from '#web/features/marketing/sections/section-intro';

const STEPS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Store,
    title: 'Connect your store',
    body: 'Link your WooCommerce store or your own product API, then connect your Stripe account so card payments land with you.',
  },
  {
    icon: FileCheck,
    title: 'Submit to ChatGPT',
    body: 'Generate your application bundle in one click: store details, discovery file, health check and API description, ready to submit to ChatGPT.',
  },
  {
    icon: MessageSquare,
    title: 'Start selling',
    body: 'Shoppers find your products in ChatGPT and buy without leaving the chat. Orders arrive in your store like any other.',
  },
];

const BENEFITS: { icon: LucideIcon; value: string; label: string; body: string }[] = [
  {
    icon: Clock,
    value: '3 min',
    label: 'setup',
    body: 'Connect your store and payment account in about three minutes. No plugins to build and no catalogue to copy.',
  },
  {
    icon: Rocket,
    value: '10 min',
    label: 'to your first sale',
    body: 'Run a test order, check your agent readiness and go live, all in about ten minutes from sign-up.',
  },
  {
    icon: Moon,
    value: '24/7',
    label: 'AI sales',
    body: 'ChatGPT answers shoppers and takes orders around the clock, including the hours your team is offline.',
  },
];

const ASSURANCES = [
  'You stay the merchant of record',
  `${PRODUCT_NAME} never holds buyer funds`,
  'Cards through Stripe Shared Payment Tokens',
  'Optional Bitcoin Lightning payments',
];

function Hero() {
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-32 -right-32 size-[28rem] rounded-full bg-emerald-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid w-full max-w-6xl grid-cols-1 items-center gap-14 px-4 py-16 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:py-24">
        <div>
          <Eyebrow>ChatGPT commerce</Eyebrow>
          <PageHeading className="mt-4 text-balance sm:text-6xl">
            Sell your products inside ChatGPT
          </PageHeading>
          <Lead className="mt-6 max-w-xl">
            Shoppers already ask ChatGPT what to buy. Connect your store to ChatGPT Instant Checkout and they
            can buy from you without leaving the chat, paid straight into your own account.
          </Lead>
          <CtaActions
            primary={{ to: '/auth', label: 'Start for Free' }}
            secondary={{ to: '/docs', label: 'Read the API docs' }}
            className="mt-8"
          />
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-600">
            {['3 minutes setup', '10 minutes to first sale', '24/7 AI sales'].map((item) => (
              <li key={item} className="flex items-center gap-2">
                <Check aria-hidden="true" className="size-4 text-emerald-600" />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <ChatPreview />
      </div>
    </div>
  );
}

function HowItWorks() {
  return (
    <Section aria-labelledby="chatgpt-how-heading">
      <SectionIntro
        eyebrow="How it works"
        headingId="chatgpt-how-heading"
        title="Three steps from your store to ChatGPT"
        lead="Keep your catalogue, prices and stock where they are. We handle the agent side."
      />
      <ol className="relative mt-14 grid grid-cols-1 gap-10 md:grid-cols-3 md:gap-8">
        <span
          aria-hidden="true"
          className="absolute top-7 right-[16.67%] left-[16.67%] hidden h-px bg-gradient-to-r from-brand-200 via-brand-400 to-brand-200 md:block"
        />
        {STEPS.map((step, i) => (
          <li key={step.title} className="relative flex flex-col items-center text-center">
            <span className="relative inline-flex size-14 items-center justify-center rounded-2xl bg-brand-600 text-white shadow-lg shadow-brand-600/25">
              <step.icon aria-hidden="true" className="size-6" />
              <span
                aria-hidden="true"
                className="absolute -top-2 -right-2 inline-flex size-6 items-center justify-center rounded-full bg-white text-xs font-bold text-brand-700 ring-2 ring-brand-600"
              >
                {i + 1}
              </span>
            </span>
            <h3 className="mt-6 text-lg font-semibold text-slate-900">
              <span className="sr-only">Step {i + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 max-w-xs leading-relaxed text-slate-600">{step.body}</p>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function Benefits() {
  return (
    <div className="bg-slate-50">
      <Section aria-labelledby="chatgpt-benefits-heading">
        <SectionIntro
          eyebrow="Benefits"
          headingId="chatgpt-benefits-heading"
          title="A new sales channel without a new storefront"
        />
        <ul className="mt-14 grid grid-cols-1 gap-6 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <li key={b.label} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
              <b.icon aria-hidden="true" className="size-6 text-brand-600" />
              <h3 className="mt-5">
                <span className="block text-4xl font-bold tracking-tight text-slate-900">{b.value}</span>
                <span className="mt-1 block text-base font-semibold text-slate-700">{b.label}</span>
              </h3>
              <p className="mt-3 leading-relaxed text-slate-600">{b.body}</p>
            </li>
          ))}
        </ul>
        <ul className="mx-auto mt-12 grid max-w-4xl grid-cols-1 gap-x-8 gap-y-3 sm:grid-cols-2">
          {ASSURANCES.map((a) => (
            <li key={a} className="flex items-center gap-3 text-slate-700">
              <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-700">
                <Check aria-hidden="true" className="size-3.5" strokeWidth={3} />
              </span>
              {a}
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}

function CallToAction() {
  return (
    <CtaBand
      tone="brand"
      headingId="chatgpt-cta-heading"
      title="Be there when shoppers ask ChatGPT what to buy"
      body="Start your 14-day free trial, connect your store, and make your first sale in about ten minutes."
      primary={{ to: '/auth', label: 'Start for Free' }}
      secondary={{ to: '/docs', label: 'View the documentation' }}
      footnote="Agent checkout is currently available in the United States only."
      className="pt-16 lg:pt-24"
    />
  );
}

/** /chatgpt-ecommerce: hero, three-step how it works, benefits, call to action. */
export default function ChatgptEcommercePage() {
  useSeo({
    title: 'Sell on ChatGPT with Instant Checkout',
    description:
      'Connect your store to ChatGPT Instant Checkout in 3 minutes and make your first sale in 10. Payments settle straight to your own Stripe account. 14-day free trial.',
    path: '/chatgpt-ecommerce',
  });

  return (
    <>
      <Hero />
      <HowItWorks />
      <Benefits />
      <CallToAction />
    </>
  );
}
