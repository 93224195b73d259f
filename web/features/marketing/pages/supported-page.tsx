import {
  ArrowRight,
  Boxes,
  Braces,
  CheckCircle2,
  Clock,
  CreditCard,
  Globe2,
  MapPin,
  MessageSquare,
  ShoppingBag,
  ShoppingCart,
  Store,
  Zap,
  type LucideIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '#common/domain/brand';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card';
import { Lead, Section, SectionHeading } from '#web/components/ui/section';
import { CtaBand } from '#web/features/marketing/info/cta-band';
import { PageHero } from '#web/features/marketing/info/page-hero';
import { cn } from '#web/lib/cn';
import { useSeo } from '#web/lib/use-seo';

interface Platform {
  id: string;
  name: string;
  icon: LucideIcon;
  ready: boolean;
  description: string;
  facts: [label: string, value: string][];
  needs?: string[];
}

const PLATFORMS: Platform[] = [
  {
    id: 'woocommerce',
    name: 'WooCommerce',
    icon: ShoppingCart,
    ready: true,
    description:
      'The e-commerce plugin for WordPress. Products and orders sync through the WooCommerce REST API.',
    facts: [
      ['API', 'REST API v3'],
      ['Version', '3.0+'],
      ['Setup time', 'About 2 minutes'],
    ],
    needs: ['Your store URL', 'A REST API consumer key and secret with read/write access'],
  },
  {
    id: 'custom',
    name: 'Custom API',
    icon: Braces,
    ready: true,
    description: `For stores built in-house or on another platform. ${PRODUCT_NAME} calls endpoints your system already exposes.`,
    facts: [
      ['Requirements', 'Product listing and order creation endpoints'],
      ['Setup time', 'About 10 minutes'],
    ],
    needs: ['Your API endpoint', 'An API key for it'],
  },
  {
    id: 'shopify',
    name: 'Shopify',
    icon: ShoppingBag,
    ready: false,
    description:
      'Connect a Shopify store and sell its catalogue through AI agents. The integration is in development.',
    facts: [['Expected', 'Q2 2025']],
  },
  {
    id: 'bigcommerce',
    name: 'BigCommerce',
    icon: Store,
    ready: false,
    description:
      'Connect a BigCommerce store and sell its catalogue through AI agents. The integration is in development.',
    facts: [['Expected', 'Q2 2025']],
  },
  {
    id: 'magento',
    name: 'Magento',
    icon: Boxes,
    ready: false,
    description:
      'Connect a Magento (Adobe Commerce) store through its REST API. The integration is in development.',
    facts: [
      ['Version', '2.0+'],
      ['Expected', 'Q3 2025'],
    ],
  },
];

const BITCOIN_PROVIDERS: { name: string; live: boolean }[] = [
  { name: 'OpenNode', live: true },
  { name: 'CoinCorner', live: true },
  { name: 'BTCPay Server', live: false },
];

const COUNTRIES: { code: string; name: string }[] = [
  { code: 'GB', name: 'United Kingdom' },
  { code: 'US', name: 'United States' },
  { code: 'DE', name: 'Germany' },
  { code: 'FR', name: 'France' },
  { code: 'NL', name: 'Netherlands' },
  { code: 'IE', name: 'Ireland' },
  { code: 'ES', name: 'Spain' },
  { code: 'IT', name: 'Italy' },
  { code: 'CA', name: 'Canada' },
];

function StatusBadge({ ready }: { ready: boolean }) {
  return ready ? (
    <Badge variant="success">
      <CheckCircle2 aria-hidden="true" className="size-3.5" />
      Production Ready
    </Badge>
  ) : (
    <Badge variant="warning">
      <Clock aria-hidden="true" className="size-3.5" />
      Coming Soon
    </Badge>
  );
}

function PlatformCard({ platform }: { platform: Platform }) {
  const Icon = platform.icon;
  return (
    <Card className={cn('flex h-full flex-col', !platform.ready && 'bg-slate-50/60 shadow-none')}>
      <CardHeader className="gap-4">
        <div className="flex items-start justify-between gap-3">
          <span
            className={cn(
              'inline-flex size-12 shrink-0 items-center justify-center rounded-xl',
              platform.ready ? 'bg-brand-600 text-white' : 'bg-slate-200 text-slate-600',
            )}
          >
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <StatusBadge ready={platform.ready} />
        </div>
        <div className="space-y-1.5">
          <CardTitle className="text-xl">{platform.name}</CardTitle>
          <CardDescription className="leading-6">{platform.description}</CardDescription>
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-5">
        <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white text-sm">
          {platform.facts.map(([label, value]) => (
            <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-2.5">
              <dt className="text-slate-500">{label}</dt>
              <dd className="font-medium text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {platform.needs && (
          <div>
            <p className="text-sm font-semibold text-slate-900">What you&rsquo;ll need</p>
            <ul className="mt-2 space-y-1.5 text-sm text-slate-600">
              {platform.needs.map((n) => (
                <li key={n} className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                  {n}
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
      <CardFooter>
        {platform.ready ? (
          <Button asChild className="w-full">
            <Link to={`/setup-store?platform=${platform.id}`}>
              Connect {platform.name}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        ) : (
          <Button asChild variant="outline" className="w-full">
            <Link to="/contact">Ask about {platform.name}</Link>
          </Button>
        )}
      </CardFooter>
    </Card>
  );
}

interface PaymentCardProps {
  icon: LucideIcon;
  /** Background of the thin bar along the top. */
  accent: string;
  /** Background and text colour of the icon tile. */
  tile: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}

/** One payment method: a coloured top bar, an icon tile with its name, then the details. */
function PaymentCard({ icon: Icon, accent, tile, title, subtitle, children }: PaymentCardProps) {
  return (
    <Card className="flex flex-col overflow-hidden">
      <div className={cn('h-1.5', accent)} aria-hidden="true" />
      <CardHeader className="gap-4">
        <div className="flex items-center gap-4">
          <span className={cn('inline-flex size-12 shrink-0 items-center justify-center rounded-xl', tile)}>
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div>
            <CardTitle className="text-xl">{title}</CardTitle>
            <p className="text-sm text-slate-600">{subtitle}</p>
          </div>
        </div>
      </CardHeader>
      <CardContent className="flex-1 space-y-6">{children}</CardContent>
    </Card>
  );
}

function PaymentFacts({ facts }: { facts: [label: string, value: string][] }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50/60 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="flex flex-wrap justify-between gap-x-4 gap-y-1 px-4 py-3">
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-semibold text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ProviderRow({ name, live }: { name: string; live: boolean }) {
  return (
    <li className="flex items-center justify-between gap-3 px-4 py-3">
      <span className="font-medium text-slate-900">{name}</span>
      {live ? <Badge variant="success">Live</Badge> : <Badge variant="neutral">Coming soon</Badge>}
    </li>
  );
}

/** /supported: static lists of store platforms, payment methods and where they work. */
export default function SupportedPage() {
  useSeo({
    title: 'Supported platforms and payment methods',
    description: `${PRODUCT_NAME} works with WooCommerce and custom API stores today, with Shopify, BigCommerce and Magento coming soon. Accept cards via Stripe and Bitcoin Lightning via OpenNode or CoinCorner.`,
    path: '/supported',
  });

  return (
    <>
      <PageHero
        eyebrow="Supported"
        title="Works with the store and payment accounts you already have"
        lead={`Connect your existing store and your own payment providers. Here is what ${PRODUCT_NAME} supports today, and what is on the way.`}
      >
        <nav aria-label="On this page" className="mt-8 flex flex-wrap gap-2">
          {[
            ['#platforms', 'E-commerce platforms'],
            ['#payments', 'Payment methods'],
            ['#availability', 'Geographic availability'],
          ].map(([href, label]) => (
            <a
              key={href}
              href={href}
              className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-700 shadow-sm hover:border-brand-300 hover:text-slate-900"
            >
              {label}
            </a>
          ))}
        </nav>
      </PageHero>

      <Section id="platforms" aria-labelledby="platforms-title" className="scroll-mt-16">
        <div className="max-w-2xl">
          <SectionHeading id="platforms-title">E-commerce platforms</SectionHeading>
          <Lead className="mt-4">
            Your products, stock and orders stay in your store. {PRODUCT_NAME} reads your catalogue and
            creates agent orders there, next to your other orders.
          </Lead>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {PLATFORMS.map((p) => (
            <li key={p.id}>
              <PlatformCard platform={p} />
            </li>
          ))}
          <li>
            <div className="flex h-full flex-col items-start justify-center rounded-2xl border border-dashed border-slate-300 p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                <MessageSquare aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold text-slate-900">Don&rsquo;t see your platform?</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">
                If your store can list products and create orders through an API, the Custom API integration
                already works for you. Otherwise, tell us what you use.
              </p>
              <Button asChild variant="link" className="mt-3 h-auto px-0">
                <Link to="/contact">
                  Contact us
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            </div>
          </li>
        </ul>
      </Section>

      <section
        id="payments"
        aria-labelledby="payments-title"
        className="scroll-mt-16 border-y border-slate-200 bg-slate-50"
      >
        <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:py-24">
          <div className="max-w-2xl">
            <SectionHeading id="payments-title">Payment methods</SectionHeading>
            <Lead className="mt-4">
              Payments settle straight into your own provider accounts. You are the merchant of record, and
              refunds and chargebacks are handled in your providers. {PRODUCT_NAME} never holds buyer funds.
            </Lead>
          </div>

          <div className="mt-12 grid gap-6 lg:grid-cols-2">
            <PaymentCard
              icon={Zap}
              accent="bg-lightning-500"
              tile="bg-lightning-500 text-slate-950"
              title="Bitcoin Lightning"
              subtitle="Instant, final payments from any Lightning wallet"
            >
              <PaymentFacts
                facts={[
                  ['Availability', 'Global'],
                  ['Settlement', 'Under 30 seconds'],
                  ['Chargebacks', 'No chargeback risk'],
                ]}
              />
              <p className="leading-7 text-slate-600">
                The agent&rsquo;s checkout returns a Lightning invoice created in your own Bitcoin provider
                account. Once the shopper pays it, the payment is settled and cannot be reversed.
              </p>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Bitcoin payment providers</h3>
                <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
                  {BITCOIN_PROVIDERS.map((p) => (
                    <ProviderRow key={p.name} {...p} />
                  ))}
                </ul>
                <p className="mt-3 text-sm text-slate-500">Strike support is also planned.</p>
              </div>
            </PaymentCard>

            <PaymentCard
              icon={CreditCard}
              accent="bg-brand-600"
              tile="bg-brand-600 text-white"
              title="Cards via Stripe"
              subtitle="Paid with the Shared Payment Token the agent hands over"
            >
              <PaymentFacts
                facts={[
                  ['Availability', '46+ countries'],
                  ['Settlement', '2–7 business days'],
                  ['Refunds and disputes', 'In your Stripe account'],
                ]}
              />
              <p className="leading-7 text-slate-600">
                When a shopper pays by card, the AI agent passes a Stripe Shared Payment Token instead of card
                details. {PRODUCT_NAME} uses it to take the payment on your connected Stripe account, so card
                numbers never reach us, and payouts follow your usual Stripe schedule.
              </p>
              <div>
                <h3 className="text-sm font-semibold text-slate-900">Card payment provider</h3>
                <ul className="mt-3 divide-y divide-slate-200 rounded-xl border border-slate-200">
                  <ProviderRow name="Stripe" live />
                </ul>
              </div>
            </PaymentCard>
          </div>
        </div>
      </section>

      <Section id="availability" aria-labelledby="availability-title" className="scroll-mt-16">
        <div className="max-w-2xl">
          <SectionHeading id="availability-title">Geographic availability</SectionHeading>
          <Lead className="mt-4">
            Where you can sell depends on two things: where AI agents offer checkout, and where your payment
            providers operate.
          </Lead>
        </div>

        <div
          role="note"
          className="mt-10 flex flex-col gap-4 rounded-2xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:p-6"
        >
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-brand-600 text-white">
            <MapPin aria-hidden="true" className="size-5" />
          </span>
          <div>
            <p className="font-semibold text-slate-900">
              Agent checkout is available in the United States only
            </p>
            <p className="mt-1 leading-7 text-slate-700">
              AI-agent checkout, such as ChatGPT Instant Checkout, currently serves shoppers in the United
              States. Merchants in the countries below can connect today and sell to US shoppers through
              agents; as agents open checkout in more countries, your store is ready.
            </p>
          </div>
        </div>

        <div className="mt-10 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <CreditCard aria-hidden="true" className="size-5 text-brand-600" />
                Card payments: 46+ countries
              </CardTitle>
              <CardDescription>
                Merchants with a Stripe account in these countries, and more, can accept cards.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-2 sm:grid-cols-3">
                {COUNTRIES.map((c) => (
                  <li
                    key={c.code}
                    className="flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm text-slate-800"
                  >
                    <span
                      aria-hidden="true"
                      className="inline-flex h-6 w-8 shrink-0 items-center justify-center rounded bg-slate-100 font-mono text-xs font-semibold text-slate-600"
                    >
                      {c.code}
                    </span>
                    {c.name}
                  </li>
                ))}
                <li className="col-span-full flex items-center justify-center rounded-lg border border-dashed border-slate-300 px-3 py-2 text-sm font-semibold text-brand-700">
                  + 37 more
                </li>
              </ul>
            </CardContent>
          </Card>
          <Card className="border-lightning-400/60 bg-amber-50/50">
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Globe2 aria-hidden="true" className="size-5 text-lightning-600" />
                Bitcoin Lightning: global
              </CardTitle>
              <CardDescription className="leading-6">
                Lightning payments work across borders with no card network in between.
              </CardDescription>
            </CardHeader>
            <CardContent>
              <ul className="space-y-3 text-sm leading-6 text-slate-700">
                <li className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-lightning-600" />
                  Shoppers can pay from any Lightning wallet, wherever they are.
                </li>
                <li className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-lightning-600" />
                  Merchants need an OpenNode or CoinCorner account; each provider&rsquo;s own terms decide
                  where it can open one.
                </li>
                <li className="flex gap-2">
                  <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-lightning-600" />
                  No chargebacks: a settled Lightning payment is final.
                </li>
              </ul>
            </CardContent>
          </Card>
        </div>
      </Section>

      <CtaBand
        title="Ready to connect your store?"
        body="Bring your WooCommerce or custom store and your own payment accounts. Setup takes under 5 minutes."
        primary={{ to: '/auth', label: 'Start for Free' }}
        secondary={{ to: '/contact', label: 'Ask about your platform' }}
      />
    </>
  );
}
