import {
  ArrowRight,
  Ban,
  Check,
  Fingerprint,
  Globe,
  Landmark,
  ShoppingCart,
  Timer,
  Wallet,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '#common/domain/brand';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Lead, PageHeading, Section } from '#web/components/ui/section';
import { useSeo } from '#web/lib/use-seo';
import { InvoicePreview } from '#web/features/marketing/lightning/invoice-preview';
import { CtaActions } from '#web/features/marketing/sections/cta-actions';
import { LightningBadge } from '#web/features/marketing/sections/lightning-badge';
import { SectionIntro } from '#web/features/marketing/sections/section-intro';

const BENEFITS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Zap,
    title: 'Instant',
    body: 'Lightning payments confirm in under 30 seconds, so the agent can confirm the order while the shopper is still in the conversation.',
  },
  {
    icon: Ban,
    title: 'Zero chargebacks',
    body: 'A settled Lightning payment cannot be clawed back by a card issuer. Refunds happen only when you decide to issue one.',
  },
  {
    icon: Fingerprint,
    title: 'No KYC for shoppers',
    body: 'Buyers pay from any Lightning wallet. No identity checks, no card details and no account to create before they can check out.',
  },
  {
    icon: Globe,
    title: 'Global by design',
    body: 'Lightning is an open network. Any wallet that speaks it can pay your invoice, with no card network or issuing bank in between.',
  },
];

const FLOW = [
  {
    icon: ShoppingCart,
    title: 'The agent starts a Bitcoin checkout',
    body: 'When a shopper chooses Lightning, the AI agent opens a checkout for your product with Bitcoin as the payment method.',
  },
  {
    icon: Zap,
    title: 'Your provider issues the invoice',
    body: `${PRODUCT_NAME} asks your own OpenNode or CoinCorner account for a Lightning invoice. The agent shows it as a QR code or payment link with a countdown.`,
  },
  {
    icon: Wallet,
    title: 'The shopper pays from any wallet',
    body: 'The payment confirms in under 30 seconds. The agent checks the checkout until it is accepted, and no webhook setup is needed.',
  },
  {
    icon: Landmark,
    title: 'Funds settle to you, the order to your store',
    body: 'The bitcoin lands in your provider account and the order is created in your store, ready to fulfil like any other.',
  },
];

const PROVIDERS = [
  {
    name: 'OpenNode',
    body: 'Connect with a single API key from your OpenNode dashboard.',
    points: [
      'API key only',
      'Invoices settle to your OpenNode account',
      'Connection test before you go live',
    ],
  },
  {
    name: 'CoinCorner',
    body: 'Connect with the API key and secret from your CoinCorner account.',
    points: [
      'API key and secret',
      'Invoices settle to your CoinCorner account',
      'Connection test before you go live',
    ],
  },
];

const BETA_PERKS = [
  'Lightning alongside your existing card payments',
  'Setup in under 5 minutes',
  '14-day free trial',
  '24/7 support from our team',
];

function Hero() {
  return (
    <div className="relative overflow-hidden bg-slate-950">
      <div
        aria-hidden="true"
        className="absolute -top-40 left-1/2 size-[36rem] -translate-x-1/2 rounded-full bg-brand-700/30 blur-3xl"
      />
      <div className="relative mx-auto grid w-full max-w-6xl grid-cols-1 items-center gap-14 px-4 py-16 sm:px-6 lg:grid-cols-[1.2fr_0.8fr] lg:py-24">
        <div>
          <LightningBadge>Limited beta for the first 100 Lightning merchants</LightningBadge>
          <PageHeading className="mt-6 text-balance text-white sm:text-6xl">
            Accept Bitcoin Lightning from <span className="text-lightning-400">AI shopping agents</span>
          </PageHeading>
          <Lead className="mt-6 max-w-xl text-slate-300">
            Let shoppers pay AI agents in bitcoin. Invoices come from your own OpenNode or CoinCorner account,
            payments confirm in under 30 seconds, and there are no chargebacks to fight.
          </Lead>
          <CtaActions
            tone="lightning"
            primary={{ to: '/auth', label: 'Join the Lightning Beta' }}
            secondary={{ to: '/docs#bitcoin', label: 'Read the Bitcoin docs' }}
            className="mt-8"
          />
        </div>
        <InvoicePreview />
      </div>
    </div>
  );
}

function WhyLightning() {
  return (
    <Section aria-labelledby="why-lightning-heading">
      <SectionIntro
        eyebrow="Why Lightning"
        eyebrowClassName="text-amber-700"
        headingId="why-lightning-heading"
        title="Built for payments that happen in a conversation"
        lead="Agent checkout needs a payment that finishes before the shopper loses interest. Lightning does exactly that."
      />
      <ul className="mt-14 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {BENEFITS.map((b) => (
          <li key={b.title}>
            <Card className="h-full">
              <CardHeader>
                <span className="mb-3 inline-flex size-11 items-center justify-center rounded-xl bg-lightning-400/20 text-lightning-600">
                  <b.icon aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>{b.title}</CardTitle>
                <CardDescription className="leading-relaxed">{b.body}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function HowItWorks() {
  return (
    <div className="bg-slate-50">
      <Section aria-labelledby="lightning-how-heading">
        <div className="grid grid-cols-1 gap-14 lg:grid-cols-[1.15fr_0.85fr]">
          <SectionIntro
            align="start"
            eyebrow="How it works"
            headingId="lightning-how-heading"
            title="From invoice to order, straight to your account"
          >
            <ol className="mt-10 space-y-8">
              {FLOW.map((step, i) => (
                <li key={step.title} className="relative flex gap-5">
                  {i < FLOW.length - 1 && (
                    <span
                      aria-hidden="true"
                      className="absolute top-12 bottom-[-2rem] left-[1.375rem] w-px bg-slate-300"
                    />
                  )}
                  <span className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-lightning-600 shadow-sm ring-1 ring-slate-200">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <div className="pt-1">
                    <h3 className="font-semibold text-slate-900">
                      <span className="sr-only">Step {i + 1}: </span>
                      {step.title}
                    </h3>
                    <p className="mt-1.5 leading-relaxed text-slate-600">{step.body}</p>
                  </div>
                </li>
              ))}
            </ol>
          </SectionIntro>

          <div className="space-y-6 lg:pt-4">
            <Card className="border-brand-200 bg-white">
              <CardHeader>
                <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                  <Landmark aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>Your money never passes through us</CardTitle>
                <CardDescription className="leading-relaxed">
                  You are the merchant of record. {PRODUCT_NAME} is a software platform, not a payment
                  gateway: it never holds buyer funds, and every invoice is paid straight into your own
                  provider account.
                </CardDescription>
              </CardHeader>
            </Card>
            <Card>
              <CardHeader>
                <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-slate-100 text-slate-700">
                  <Timer aria-hidden="true" className="size-5" />
                </span>
                <CardTitle>Invoices on your terms</CardTitle>
                <CardDescription className="leading-relaxed">
                  Choose how long an invoice stays payable, from 5 to 60 minutes (15 by default). An unpaid
                  invoice simply expires and the checkout is declined.
                </CardDescription>
              </CardHeader>
            </Card>
          </div>
        </div>
      </Section>
    </div>
  );
}

function Providers() {
  return (
    <Section aria-labelledby="providers-heading">
      <SectionIntro
        eyebrow="Bring your own provider"
        headingId="providers-heading"
        title="Works with OpenNode and CoinCorner"
        lead="Use the Bitcoin account you already have, or open one with either provider. You can switch at any time in your settings."
      />
      <ul className="mx-auto mt-12 grid max-w-4xl grid-cols-1 gap-6 md:grid-cols-2">
        {PROVIDERS.map((p) => (
          <li key={p.name}>
            <Card className="h-full">
              <CardHeader>
                <div className="flex items-center justify-between gap-3">
                  <CardTitle className="text-xl">{p.name}</CardTitle>
                  <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                    <span aria-hidden="true" className="size-1.5 rounded-full bg-emerald-500" />
                    Available
                  </span>
                </div>
                <CardDescription className="text-base">{p.body}</CardDescription>
              </CardHeader>
              <CardContent>
                <ul className="space-y-2.5 border-t border-slate-100 pt-5">
                  {p.points.map((point) => (
                    <li key={point} className="flex items-start gap-2.5 text-sm text-slate-700">
                      <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                      {point}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function BetaCallToAction() {
  return (
    <Section aria-labelledby="lightning-beta-heading" className="pt-0 lg:pt-0">
      <div className="relative overflow-hidden rounded-3xl bg-gradient-to-br from-lightning-400 to-lightning-500 px-6 py-12 sm:px-12 lg:py-16">
        <Zap
          aria-hidden="true"
          className="absolute -right-10 -bottom-16 hidden size-72 rotate-12 text-white/25 lg:block"
          strokeWidth={1.25}
        />
        <div className="relative max-w-2xl">
          <p className="text-sm font-semibold tracking-wider text-slate-900 uppercase">Limited beta</p>
          <h2
            id="lightning-beta-heading"
            className="mt-3 text-3xl font-bold tracking-tight text-balance text-slate-950 sm:text-4xl"
          >
            Lightning is open to the first 100 merchants
          </h2>
          <p className="mt-4 text-lg leading-relaxed text-slate-900">
            Claim a place in the beta and start accepting instant, chargeback-free Bitcoin payments from AI
            agents.
          </p>
          <ul className="mt-6 grid grid-cols-1 gap-3 sm:grid-cols-2">
            {BETA_PERKS.map((perk) => (
              <li key={perk} className="flex items-start gap-2.5 font-medium text-slate-950">
                <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
                {perk}
              </li>
            ))}
          </ul>
          <Button asChild size="lg" variant="secondary" className="mt-8 w-full sm:w-auto">
            <Link to="/auth">
              Join the Lightning Beta
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <p className="mt-4 text-sm text-slate-900">
            Agent checkout is currently available in the United States only.
          </p>
        </div>
      </div>
    </Section>
  );
}

/** /bitcoin-lightning: why Lightning, how it works, the limited beta; ends in a link to /auth. */
export default function BitcoinLightningPage() {
  useSeo({
    title: 'Bitcoin Lightning payments for AI-agent checkout',
    description:
      'Accept instant, zero-chargeback Bitcoin Lightning payments from AI shopping agents, settled to your own OpenNode or CoinCorner account. Limited beta for the first 100 merchants.',
    path: '/bitcoin-lightning',
  });

  return (
    <>
      <Hero />
      <WhyLightning />
      <HowItWorks />
      <Providers />
      <BetaCallToAction />
    </>
  );
}
