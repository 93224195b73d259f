import { ArrowRight, Check, ChevronDown, RotateCcw, ShieldCheck, Timer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '#common/domain/brand';
import { CURRENCY_SYMBOLS, type Currency } from '#common/domain/currencies';
import {
  CONTACT_RESPONSE_HOURS,
  MONTHLY_ORDER_LIMIT,
  ORDER_LIMIT_WARNING_RATIO,
  OVERAGE_PER_ORDER_GBP_MINOR,
  TRIAL_DAYS,
} from '#common/domain/limits';
import { findPlan, formatFee, PLANS, type Plan, type PurchasablePlanId } from '#common/domain/plans';
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
import { Eyebrow, Lead, PageHeading, Section, SectionHeading } from '#web/components/ui/section';
import { useAuth } from '#web/features/auth';
import { cn } from '#web/lib/cn';
import { formatMoney } from '#web/lib/money';
import { useSeo } from '#web/lib/use-seo';
import { CurrencySwitcher } from './currency-switcher';
import { usePreferredCurrency } from './use-preferred-currency';

const REFUND_DAYS = 30;
const OVERAGE = formatMoney(OVERAGE_PER_ORDER_GBP_MINOR, 'GBP', { display: 'symbol' });
const ORDER_WARNING_AT = Math.round(MONTHLY_ORDER_LIMIT * ORDER_LIMIT_WARNING_RATIO);
const STARTER = findPlan('starter');
const ENTERPRISE = findPlan('enterprise');

/** plans.ts words its volume guidance in pounds; show it with the symbol of the chosen currency. */
function volumeGuidance(plan: Plan, currency: Currency): string {
  return plan.volumeGuidance.replaceAll('£', CURRENCY_SYMBOLS[currency]);
}

function PlanPrice({ plan, currency }: { plan: Plan; currency: Currency }) {
  return (
    <div>
      <p className="flex items-baseline gap-1.5">
        {plan.monthlyPrice ? (
          <>
            <span className="text-4xl font-bold tracking-tight text-slate-900">
              {formatMoney(plan.monthlyPrice[currency] * 100, currency, { display: 'symbol', whole: true })}
            </span>
            <span className="text-sm font-medium text-slate-500">/month</span>
          </>
        ) : (
          <span className="text-4xl font-bold tracking-tight text-slate-900">Custom</span>
        )}
      </p>
      <p className="mt-1 text-sm font-medium text-slate-700">
        {plan.feeIsFloor ? `Transaction fees ${formatFee(plan)}` : `+ ${formatFee(plan)} per transaction`}
      </p>
    </div>
  );
}

/** Narrow four-column cards must not clip a label: let it wrap instead. */
const PLAN_BUTTON = 'h-auto min-h-12 w-full whitespace-normal px-4 py-2 text-center text-sm';

function PlanAction({ plan, currency }: { plan: Plan; currency: Currency }) {
  const { user, subscription } = useAuth();
  const [starting, setStarting] = useState(false);
  const variant = plan.highlighted ? 'primary' : 'outline';

  if (subscription.subscribed && subscription.tier === plan.id) {
    return (
      <Button variant="outline" size="lg" className={PLAN_BUTTON} disabled>
        Current Plan
      </Button>
    );
  }
  if (plan.id === 'starter') {
    return (
      <Button asChild variant={variant} size="lg" className={PLAN_BUTTON}>
        <Link to={user ? '/dashboard' : '/auth'}>Get Started</Link>
      </Button>
    );
  }
  if (plan.id === 'enterprise') {
    return (
      <Button asChild variant="outline" size="lg" className={PLAN_BUTTON}>
        <Link to="/enterprise-calculator">Calculate your price</Link>
      </Button>
    );
  }
  if (!user) {
    return (
      <Button asChild variant={variant} size="lg" className={PLAN_BUTTON}>
        <Link to="/auth">Choose {plan.name}</Link>
      </Button>
    );
  }
  // Checkout opens in a new tab; the tab is opened within the click (browsers block it later) and sent
  // to Stripe once the session exists. A subscriber is sent to the portal to change plan instead.
  // Billing's client (with its response schemas) and the toasts load on the click, not with the page:
  // most visitors of /pricing never press a plan button, and on a phone parsing them slowed the page.
  const start = async () => {
    const tab = window.open('', '_blank');
    setStarting(true);
    try {
      const { createCheckout } = await import('#web/features/billing');
      const { url } = await createCheckout({ stripePriceId: plan.id as PurchasablePlanId, currency });
      if (tab) tab.location.href = url;
      else window.location.href = url;
    } catch {
      tab?.close();
      const { toast } = await import('sonner');
      toast.error('Failed to start checkout. Please try again.');
    } finally {
      setStarting(false);
    }
  };
  return (
    <Button
      variant={variant}
      size="lg"
      className={PLAN_BUTTON}
      onClick={() => void start()}
      disabled={starting}
    >
      {starting ? 'Opening checkout...' : `Choose ${plan.name}`}
    </Button>
  );
}

function PlanCard({ plan, currency }: { plan: Plan; currency: Currency }) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card
      aria-labelledby={headingId}
      role="group"
      className={cn(
        'relative flex flex-col',
        plan.highlighted && 'border-brand-500 shadow-lg shadow-brand-600/10 ring-1 ring-brand-500',
      )}
    >
      {plan.highlighted && (
        <Badge variant="brand" className="absolute -top-3 left-6 bg-brand-600 text-white">
          Most popular
        </Badge>
      )}
      <CardHeader className="gap-4">
        <div>
          <CardTitle id={headingId} className="text-xl">
            {plan.name}
          </CardTitle>
          <CardDescription className="mt-1">{volumeGuidance(plan, currency)}</CardDescription>
        </div>
        <PlanPrice plan={plan} currency={currency} />
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-2.5 text-sm text-slate-700">
          {plan.features.map((feature) => (
            <li key={feature} className="flex gap-2.5">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-600" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        {plan.id === 'starter' && (
          <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-xs leading-relaxed text-slate-600">
            Then {OVERAGE} for each order over {MONTHLY_ORDER_LIMIT} in a month.
          </p>
        )}
        {plan.id === 'enterprise' && (
          <p className="mt-4 rounded-lg bg-slate-50 px-3 py-2 text-xs leading-relaxed text-slate-600">
            Prefer to talk it through?{' '}
            <Link to="/contact" className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              Contact sales
            </Link>
          </p>
        )}
      </CardContent>
      <CardFooter className="mt-auto">
        <PlanAction plan={plan} currency={currency} />
      </CardFooter>
    </Card>
  );
}

const ASSURANCES = [
  {
    icon: Timer,
    title: `${TRIAL_DAYS}-day free trial`,
    text: 'Connect your store, run test orders and make your first agent sale before you pay anything.',
  },
  {
    icon: ShieldCheck,
    title: 'Paid straight to you',
    text: `Buyers pay into your own Stripe or Lightning account. ${PRODUCT_NAME} never holds buyer funds.`,
  },
  {
    icon: RotateCcw,
    title: `${REFUND_DAYS}-day money-back guarantee`,
    text: `Not the right fit? Ask for a full refund of your subscription within ${REFUND_DAYS} days.`,
  },
];

function Faq() {
  const items = [
    {
      q: 'Is there a free trial?',
      a: `Yes. Every new account starts with a ${TRIAL_DAYS}-day free trial, so you can connect your store and payment accounts, test the checkout with an AI agent and take real orders before you commit.`,
    },
    {
      q: `What happens if I go over ${MONTHLY_ORDER_LIMIT} orders on Starter?`,
      a: `Starter includes ${MONTHLY_ORDER_LIMIT} agent orders a month. Every order beyond that costs ${OVERAGE}. Your dashboard warns you when you reach ${ORDER_WARNING_AT} orders, and Growth and above have no order limit, so upgrading removes the overage entirely.`,
    },
    {
      q: 'Can I change plans later?',
      a: 'Yes, at any time. Upgrades take effect immediately, so you get the lower transaction fee straight away. Downgrades take effect at the start of your next billing cycle, and you keep your current plan until then.',
    },
    {
      q: "What's your refund policy?",
      a: `Subscriptions come with a ${REFUND_DAYS}-day money-back guarantee. If ${PRODUCT_NAME} isn't right for your store, contact us within ${REFUND_DAYS} days of paying and we'll refund your subscription in full.`,
    },
    {
      q: 'How do transaction fees work?',
      a: `The transaction fee is a percentage of each order placed through an AI agent checkout: ${formatFee(STARTER)} on Starter, falling to ${formatFee(ENTERPRISE)} on Enterprise. It is separate from your payment provider's own processing fees, which Stripe or your Lightning provider charge you directly as usual.`,
    },
    {
      q: `Does ${PRODUCT_NAME} ever hold my customers' money?`,
      a: `No. You are the merchant of record and payments settle directly into your own connected Stripe or Bitcoin Lightning accounts. ${PRODUCT_NAME} is a software platform, not a payment gateway, so refunds and chargebacks are handled in your own payment provider.`,
    },
    {
      q: 'Which currencies can I pay in?',
      a: 'Plans are priced in British pounds, euros and US dollars. Pick your currency at the top of this page; we remember your choice on this device.',
    },
    {
      q: 'How is Enterprise priced?',
      a: `Enterprise is tailored to high-volume merchants, with transaction fees ${formatFee(ENTERPRISE)}, a custom contract and invoicing, and a dedicated success manager. Use the enterprise calculator to compare plans at your volume, then contact sales for a quote.`,
    },
  ];
  // Native disclosures: they open and close before the page's script has run, are announced as
  // expandable by every screen reader, and cost no JavaScript. One name makes them an exclusive group
  // (opening one closes the other), as the accordion they replace was.
  return (
    <div className="border-t border-slate-200">
      {items.map((item) => (
        <details key={item.q} name="pricing-faq" className="group border-b border-slate-200">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-base font-medium text-slate-900 hover:text-brand-700 [&::-webkit-details-marker]:hidden">
            {item.q}
            <ChevronDown
              aria-hidden="true"
              className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
            />
          </summary>
          <p className="pb-4 text-sm leading-relaxed text-slate-600">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** /pricing: the four plans in the visitor's currency, their buttons and an FAQ. */
export default function PricingPage() {
  useSeo({
    title: 'Pricing',
    description: `Start free and pay less per order as you grow. ${PRODUCT_NAME} plans for AI-agent checkout, with transaction fees from ${formatFee(STARTER)} down to ${formatFee(ENTERPRISE)}, a ${TRIAL_DAYS}-day free trial and a ${REFUND_DAYS}-day money-back guarantee.`,
    path: '/pricing',
  });
  const [currency, setCurrency] = usePreferredCurrency();

  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 via-white to-white">
        <Section className="pb-12 text-center lg:pb-16">
          <Eyebrow>Pricing</Eyebrow>
          <PageHeading className="mx-auto mt-3 max-w-3xl">
            Simple pricing that scales with your agent sales
          </PageHeading>
          <Lead className="mx-auto mt-5 max-w-2xl">
            Start free, then move to a lower transaction fee as your volume grows. Every plan settles payments
            straight into your own accounts.
          </Lead>
          <div className="mt-8 flex flex-col items-center gap-2">
            <CurrencySwitcher value={currency} onChange={setCurrency} />
            <p className="text-xs text-slate-500">Prices per month, shown in {currency}.</p>
          </div>
        </Section>
      </div>

      <Section className="pt-4 lg:pt-4" aria-labelledby="pricing-plans">
        {/* The plan cards' h3 headings sit under this one, so the outline skips no level. */}
        <h2 id="pricing-plans" className="sr-only">
          Plans
        </h2>
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {PLANS.map((plan) => (
            <PlanCard key={plan.id} plan={plan} currency={currency} />
          ))}
        </div>
        <p className="mt-6 text-center text-sm text-slate-500">
          All plans include a {TRIAL_DAYS}-day free trial. Upgrades apply immediately; downgrades apply from
          your next billing cycle.
        </p>

        <ul className="mt-14 grid gap-6 md:grid-cols-3">
          {ASSURANCES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-2xl border border-slate-200 bg-slate-50 p-5">
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <p className="font-semibold text-slate-900">{title}</p>
                <p className="mt-1 text-sm leading-relaxed text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section className="pt-0 lg:pt-0" aria-labelledby="pricing-faq">
        <div className="grid gap-10 lg:grid-cols-[1fr_2fr]">
          <div>
            <SectionHeading id="pricing-faq">Frequently asked questions</SectionHeading>
            <Lead className="mt-4 text-base">
              Can't find your answer?{' '}
              <Link to="/contact" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                Contact us
              </Link>{' '}
              and we'll get back to you within {CONTACT_RESPONSE_HOURS} hours.
            </Lead>
          </div>
          <Faq />
        </div>
      </Section>

      <Section className="pt-0 lg:pt-0">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Not sure which plan fits?</h2>
            <p className="mt-3 text-slate-300">
              Enter your monthly volume and average order value to see what each plan would cost you, side by
              side.
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="lightning" size="lg">
              <Link to="/enterprise-calculator">
                Open the calculator
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
            <Button
              asChild
              variant="outline"
              size="lg"
              className="border-slate-600 bg-transparent text-white hover:bg-slate-800"
            >
              <Link to="/contact">Contact sales</Link>
            </Button>
          </div>
        </div>
      </Section>
    </>
  );
}
