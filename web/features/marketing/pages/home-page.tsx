import {
  ArrowRight,
  Bot,
  Clock,
  CreditCard,
  Headset,
  Landmark,
  Plug,
  ShieldCheck,
  Store,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '#common/domain/brand';
import { ParticleBackground } from '#web/components/layout/particle-background';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Lead, PageHeading, Section } from '#web/components/ui/section';
import { useSeo } from '#web/lib/use-seo';
import { AgentCheckoutPreview } from '#web/features/marketing/home/agent-checkout-preview';
import { Testimonials } from '#web/features/marketing/home/testimonials';
import { CtaActions } from '#web/features/marketing/sections/cta-actions';
import { CtaPanel } from '#web/features/marketing/sections/cta-panel';
import { LightningBadge } from '#web/features/marketing/sections/lightning-badge';
import { SectionIntro } from '#web/features/marketing/sections/section-intro';

const HIGHLIGHTS = [
  { value: '< 5 min', spoken: 'Under 5 minutes', label: 'to set up' },
  { value: '< 30 s', spoken: 'Under 30 seconds', label: 'per payment' },
  { value: '99.9%', spoken: '99.9%', label: 'uptime' },
  { value: '24/7', spoken: '24/7', label: 'support' },
];

interface Step {
  icon: LucideIcon;
  title: string;
  body: string;
  detail: string;
}

const STEPS: Step[] = [
  {
    icon: Store,
    title: 'Connect your store',
    body: 'Link WooCommerce with a REST API key, or point us at your own product and order endpoints.',
    detail: 'WooCommerce and custom API are live. Shopify, BigCommerce and Magento are on the way.',
  },
  {
    icon: CreditCard,
    title: 'Connect your payment accounts',
    body: 'Accept cards through your own Stripe account and, if you like, Bitcoin Lightning through OpenNode or CoinCorner.',
    detail:
      'Cards use the Shared Payment Tokens that AI agents hand over, so no card data touches your store.',
  },
  {
    icon: Bot,
    title: 'Sell through AI agents',
    body: 'Run a test order, check your agent readiness, and let agents such as ChatGPT Instant Checkout sell for you.',
    detail: 'Agent checkout is currently available in the United States only.',
  },
];

const REASONS: { icon: LucideIcon; title: string; body: string }[] = [
  {
    icon: Landmark,
    title: 'You stay the merchant of record',
    body: `${PRODUCT_NAME} never holds buyer funds. Every payment settles straight to your own providers, and refunds or chargebacks stay in the dashboards you already use.`,
  },
  {
    icon: Clock,
    title: 'Payment in under 30 seconds',
    body: 'Agent payments complete in under 30 seconds and the order lands in your store, so shoppers never have to leave the conversation.',
  },
  {
    icon: Zap,
    title: 'Cards and Lightning, side by side',
    body: 'Offer card payments through Stripe and instant, chargeback-free Bitcoin Lightning payments through OpenNode or CoinCorner.',
  },
  {
    icon: Plug,
    title: 'Works with the store you have',
    body: 'Your catalogue, prices and stock stay in your store. Orders from agents arrive there like any other order, ready to fulfil.',
  },
  {
    icon: ShieldCheck,
    title: 'Built to stay up',
    body: '99.9% uptime, live health checks and an agent readiness report that tells you your checkout is ready before an agent calls it.',
  },
  {
    icon: Headset,
    title: 'Real help, any hour',
    body: 'Our team is on hand 24/7, and a 14-day free trial lets you make real agent sales before you commit.',
  },
];

function Hero() {
  return (
    <div className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
      <ParticleBackground />
      <div className="relative mx-auto grid w-full max-w-6xl grid-cols-1 items-center gap-14 px-4 pt-16 pb-12 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:pt-24 lg:pb-20">
        <div>
          <Badge variant="brand" className="mb-6">
            <Bot aria-hidden="true" className="size-3.5" />
            Built for AI-agent checkout
          </Badge>
          <PageHeading className="text-balance sm:text-6xl">
            Let AI shopping agents sell your products
          </PageHeading>
          <Lead className="mt-6 max-w-xl">
            Connect your existing store and your own payment accounts. Shoppers can then buy from you inside
            an AI conversation, and every payment settles straight to you.
          </Lead>
          <CtaActions
            primary={{ to: '/auth', label: 'Start for Free' }}
            secondary={{ to: '/chatgpt-ecommerce', label: 'Sell on ChatGPT' }}
            className="mt-8"
          />
          <p className="mt-4 text-sm text-slate-600">14-day free trial. Setup takes under 5 minutes.</p>
        </div>
        <AgentCheckoutPreview />
      </div>
      <div className="relative mx-auto w-full max-w-6xl px-4 pb-16 sm:px-6">
        <dl className="grid grid-cols-2 gap-px overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 sm:grid-cols-4">
          {HIGHLIGHTS.map((h) => (
            <div
              key={h.label}
              className="flex flex-col-reverse items-center gap-1 bg-white/90 px-4 py-5 text-center"
            >
              <dt className="text-sm text-slate-600">{h.label}</dt>
              <dd className="text-2xl font-bold tracking-tight text-slate-900">
                <span aria-hidden="true">{h.value}</span>
                <span className="sr-only">{h.spoken}</span>
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}

function HowItWorks() {
  return (
    <Section id="how-it-works" aria-labelledby="how-it-works-heading" className="scroll-mt-16">
      <SectionIntro
        eyebrow="Three steps to your first agent sale"
        headingId="how-it-works-heading"
        title="Set up in under 5 minutes"
        lead={`No new storefront and no migration. ${PRODUCT_NAME} sits between AI agents and the tools you already run.`}
      />
      <ol className="mt-14 grid grid-cols-1 gap-6 lg:grid-cols-3">
        {STEPS.map((step, i) => (
          <li key={step.title}>
            <Card className="h-full">
              <CardHeader>
                <div className="mb-3 flex items-center gap-3">
                  <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-600 text-white">
                    <step.icon aria-hidden="true" className="size-5" />
                  </span>
                  <span className="text-sm font-semibold text-brand-700">Step {i + 1}</span>
                </div>
                <CardTitle>{step.title}</CardTitle>
                <CardDescription className="text-base leading-relaxed">{step.body}</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="border-t border-slate-100 pt-4 text-sm text-slate-500">{step.detail}</p>
              </CardContent>
            </Card>
          </li>
        ))}
      </ol>
    </Section>
  );
}

function WhyChoose() {
  return (
    <div className="bg-slate-50">
      <Section aria-labelledby="why-heading">
        <div className="grid grid-cols-1 gap-12 lg:grid-cols-[0.8fr_1.2fr]">
          <SectionIntro
            align="start"
            eyebrow={`Why ${PRODUCT_NAME}`}
            headingId="why-heading"
            title="Agent checkout without giving up control"
            lead={`${PRODUCT_NAME} is a software platform, not a payment gateway. We orchestrate the checkout; your providers move the money.`}
          >
            <Button asChild variant="link" className="mt-4 h-auto px-0">
              <Link to="/docs">
                Read the API documentation
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </SectionIntro>
          <ul className="grid grid-cols-1 gap-x-8 gap-y-10 sm:grid-cols-2">
            {REASONS.map((r) => (
              <li key={r.title} className="flex gap-4">
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-white text-brand-700 shadow-sm ring-1 ring-slate-200">
                  <r.icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <h3 className="font-semibold text-slate-900">{r.title}</h3>
                  <p className="mt-1.5 text-sm leading-relaxed text-slate-600">{r.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </Section>
    </div>
  );
}

function BetaCallToAction() {
  return (
    <Section aria-labelledby="beta-heading">
      <CtaPanel tone="night">
        <div className="relative grid grid-cols-1 items-center gap-10 lg:grid-cols-[1.4fr_1fr]">
          <div>
            <LightningBadge>Limited beta</LightningBadge>
            <h2
              id="beta-heading"
              className="mt-5 text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
            >
              Be one of the first 100 Lightning merchants
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-slate-300">
              Bitcoin Lightning payments are instant, carry zero chargebacks and need no KYC from your
              shoppers. The beta is open to the first 100 merchants, paid straight into your own OpenNode or
              CoinCorner account.
            </p>
          </div>
          <CtaActions
            tone="lightning"
            primary={{ to: '/auth', label: 'Join the Lightning Beta' }}
            secondary={{ to: '/bitcoin-lightning', label: 'How Lightning works' }}
            className="lg:flex-col"
          />
        </div>
      </CtaPanel>
    </Section>
  );
}

/** Home: hero, three-step setup, why-choose section, beta call to action, testimonials. */
export default function HomePage() {
  useSeo({
    title: 'Payment orchestration for AI-agent checkout',
    description:
      'Let AI shopping agents such as ChatGPT Instant Checkout sell your products. Connect your store and your own Stripe or Bitcoin Lightning accounts in under 5 minutes. 14-day free trial.',
    path: '/',
  });

  return (
    <>
      <Hero />
      <HowItWorks />
      <WhyChoose />
      <BetaCallToAction />
      <Testimonials />
    </>
  );
}
