import { ArrowRight, Info, Mail, TrendingDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Currency } from '#common/domain/currencies';
import { PRODUCT_NAME } from '#common/domain/brand';
import {
  CONTACT_RESPONSE_HOURS,
  MONTHLY_ORDER_LIMIT,
  OVERAGE_PER_ORDER_GBP_MINOR,
} from '#common/domain/limits';
import { findPlan, formatFee } from '#common/domain/plans';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Eyebrow, Lead, PageHeading, Section } from '#web/components/ui/section';
import { cn } from '#web/lib/cn';
import { formatMoney } from '#web/lib/money';
import { useSeo } from '#web/lib/use-seo';
import { calculate, validateCalculator, type CalculatorResult, type PlanEstimate } from './calculator';
import { CurrencySwitcher } from './currency-switcher';
import { usePreferredCurrency } from './use-preferred-currency';

const DEFAULT_VOLUME = '250000';
const DEFAULT_AVERAGE_ORDER = '80';
const ENTERPRISE = findPlan('enterprise');
const OVERAGE = formatMoney(OVERAGE_PER_ORDER_GBP_MINOR, 'GBP', { display: 'symbol' });
const CONTACT_LINK = `/contact?subject=${encodeURIComponent('Enterprise pricing enquiry')}`;

const integer = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const formatCount = (value: number) => integer.format(Number.isFinite(value) ? value : 0);

function percent(part: number, whole: number): string {
  if (whole <= 0 || part <= 0) return '0%';
  return `${Math.max(0.5, (part / whole) * 100).toFixed(2)}%`;
}

function CostChart({ result, currency }: { result: CalculatorResult; currency: Currency }) {
  const shown = result.estimates.filter((e) => e.overageOrders === 0);
  const scale = Math.max(...shown.map((e) => e.cost.totalMinor), 1);
  return (
    <figure aria-labelledby="cost-chart-title" className="grid gap-4">
      <figcaption className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <span id="cost-chart-title" className="text-sm font-semibold text-slate-900">
          Monthly cost by plan
        </span>
        <span className="flex items-center gap-4 text-xs text-slate-600" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-slate-700" /> Subscription
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-slate-400" /> Transaction fees
          </span>
        </span>
      </figcaption>
      <ul className="grid gap-4">
        {result.estimates.map((e) => (
          <ChartRow
            key={e.plan.id}
            estimate={e}
            cheapest={e.plan.id === result.cheapest}
            scale={scale}
            currency={currency}
          />
        ))}
      </ul>
    </figure>
  );
}

function ChartRow({
  estimate: e,
  cheapest,
  scale,
  currency,
}: {
  estimate: PlanEstimate;
  cheapest: boolean;
  scale: number;
  currency: Currency;
}) {
  const subscription = e.cost.subscriptionMinor ?? 0;
  const isEnterprise = e.cost.subscriptionMinor === null;
  const overLimit = e.overageOrders > 0;
  const total = formatMoney(e.cost.totalMinor, currency, { display: 'symbol', whole: true });
  return (
    <li className="grid gap-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 text-sm">
        <span className="flex items-center gap-2 font-medium text-slate-900">
          {e.plan.name}
          {cheapest && (
            <Badge variant="success">
              <TrendingDown aria-hidden="true" className="size-3" />
              Lowest cost
            </Badge>
          )}
        </span>
        <span
          className={cn(
            'tabular-nums',
            cheapest ? 'font-bold text-emerald-700' : 'font-semibold text-slate-700',
          )}
        >
          {overLimit ? 'Over order limit' : isEnterprise ? `from ${total} + subscription` : `${total}/mo`}
        </span>
      </div>
      {overLimit ? (
        <p className="rounded-md bg-amber-50 px-3 py-1.5 text-xs text-amber-900">
          {formatCount(e.overageOrders)} orders over Starter’s {MONTHLY_ORDER_LIMIT}-order allowance, at{' '}
          {OVERAGE} each.
        </p>
      ) : (
        <div
          aria-hidden="true"
          className={cn(
            'flex h-3.5 overflow-hidden rounded-full bg-slate-100',
            isEnterprise && 'outline-1 outline-dashed outline-slate-300',
          )}
        >
          <div
            className={cn('h-full', cheapest ? 'bg-emerald-700' : 'bg-slate-700')}
            style={{ width: percent(subscription, scale) }}
          />
          <div
            className={cn(
              'h-full',
              cheapest ? 'bg-emerald-400' : isEnterprise ? 'bg-brand-300' : 'bg-slate-400',
            )}
            style={{ width: percent(e.cost.transactionFeesMinor, scale) }}
          />
        </div>
      )}
    </li>
  );
}

/** Starter past its allowance adds overage, which is priced in pounds: add it in GBP, spell it out otherwise. */
function StarterAwareTotal({ estimate: e, currency }: { estimate: PlanEstimate; currency: Currency }) {
  const money = (minor: number) => formatMoney(minor, currency, { display: 'symbol' });
  if (e.overageOrders === 0) return <>{money(e.cost.totalMinor)}</>;
  if (currency === 'GBP') {
    return (
      <>
        {money(e.cost.totalMinor + e.overageGbpMinor)}
        <span className="block text-xs font-normal text-amber-800">
          incl. {money(e.overageGbpMinor)} overage
        </span>
      </>
    );
  }
  return (
    <>
      {money(e.cost.totalMinor)}
      <span className="block text-xs font-normal text-amber-800">
        + {formatCount(e.overageOrders)} × {OVERAGE} overage
      </span>
    </>
  );
}

function CostTable({ result, currency }: { result: CalculatorResult; currency: Currency }) {
  const money = (minor: number) => formatMoney(minor, currency, { display: 'symbol' });
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">
          Estimated monthly cost of each plan at your volume, in {currency}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Plan
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
              Subscription
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-semibold sm:table-cell">
              Transaction fees
            </th>
            <th scope="col" className="py-2 pl-3 text-right font-semibold">
              Total per month
            </th>
          </tr>
        </thead>
        <tbody>
          {result.estimates.map((e) => {
            const cheapest = e.plan.id === result.cheapest;
            const isEnterprise = e.cost.subscriptionMinor === null;
            return (
              <tr
                key={e.plan.id}
                className={cn('border-b border-slate-100 last:border-0', cheapest && 'bg-emerald-50')}
              >
                <th scope="row" className="py-3 pr-3 font-medium text-slate-900">
                  <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    {e.plan.name}
                    {cheapest && <Badge variant="success">Lowest cost</Badge>}
                  </span>
                  <span className="block text-xs font-normal text-slate-500">{formatFee(e.plan)} fee</span>
                  {/* On narrow screens the two breakdown columns fold into this line. */}
                  <span className="mt-0.5 block text-xs font-normal text-slate-600 sm:hidden">
                    {isEnterprise ? 'Custom' : money(e.cost.subscriptionMinor ?? 0)} plan +{' '}
                    {money(e.cost.transactionFeesMinor)} fees
                  </span>
                </th>
                <td className="hidden px-3 py-3 text-right tabular-nums text-slate-700 sm:table-cell">
                  {isEnterprise ? 'Custom' : money(e.cost.subscriptionMinor ?? 0)}
                </td>
                <td className="hidden px-3 py-3 text-right tabular-nums text-slate-700 sm:table-cell">
                  {money(e.cost.transactionFeesMinor)}
                </td>
                <td
                  className={cn(
                    'py-3 pl-3 text-right tabular-nums',
                    cheapest ? 'font-bold text-emerald-800' : 'font-semibold text-slate-900',
                  )}
                >
                  {isEnterprise ? (
                    <>
                      from {money(e.cost.totalMinor)}
                      <span className="block text-xs font-normal text-slate-500">+ agreed subscription</span>
                    </>
                  ) : (
                    <StarterAwareTotal estimate={e} currency={currency} />
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** /enterprise-calculator: what each plan costs a month at a given volume, with the cheapest highlighted. */
export default function EnterpriseCalculatorPage() {
  useSeo({
    title: 'Enterprise pricing calculator',
    description: `Compare what each ${PRODUCT_NAME} plan costs at your monthly volume: subscription, transaction fees and total, with the lowest-cost plan highlighted.`,
    path: '/enterprise-calculator',
  });
  const [currency, setCurrency] = usePreferredCurrency();
  const [volume, setVolume] = useState(DEFAULT_VOLUME);
  const [averageOrder, setAverageOrder] = useState(DEFAULT_AVERAGE_ORDER);

  const input = validateCalculator(volume, averageOrder, currency);
  const result = input.ok ? calculate(input.volumeMinor, input.averageOrderMinor, currency) : null;
  const errors = input.ok ? {} : input.errors;
  const cheapest = result?.estimates.find((e) => e.plan.id === result.cheapest);

  return (
    <>
      <div className="bg-gradient-to-b from-brand-50 via-white to-white">
        <Section className="pb-10 lg:pb-12">
          <Eyebrow>Enterprise calculator</Eyebrow>
          <PageHeading className="mt-3 max-w-3xl">See what {PRODUCT_NAME} costs at your volume</PageHeading>
          <Lead className="mt-5 max-w-2xl">
            Enter how much you sell through AI agents each month. We’ll work out your order count and compare
            the subscription, transaction fees and total cost of every plan.
          </Lead>
        </Section>
      </div>

      <Section className="pt-0 lg:pt-0">
        <div className="grid items-start gap-6 lg:grid-cols-[22rem_1fr]">
          <Card className="lg:sticky lg:top-24">
            <CardHeader>
              <CardTitle>Your numbers</CardTitle>
              <CardDescription>Figures update as you type.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                className="grid gap-5"
                noValidate
                onSubmit={(event) => event.preventDefault()}
                aria-label="Your numbers"
              >
                <div className="grid gap-1.5">
                  <span aria-hidden="true" className="text-sm font-medium text-slate-800">
                    Currency
                  </span>
                  <CurrencySwitcher
                    value={currency}
                    onChange={setCurrency}
                    className="w-full justify-between [&>button]:flex-1"
                  />
                </div>
                <Field
                  label={`Monthly sales volume (${currency})`}
                  hint="Total value of orders placed through AI agents each month."
                  error={errors.volume}
                >
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    value={volume}
                    onChange={(event) => setVolume(event.target.value)}
                    placeholder="250000"
                  />
                </Field>
                <Field
                  label={`Average order value (${currency})`}
                  hint="What a typical order is worth."
                  error={errors.averageOrder}
                >
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    value={averageOrder}
                    onChange={(event) => setAverageOrder(event.target.value)}
                    placeholder="80"
                  />
                </Field>
                <div className="rounded-xl bg-slate-50 p-4">
                  <p className="text-xs font-medium uppercase tracking-wide text-slate-500" id="orders-label">
                    Orders per month
                  </p>
                  <output
                    aria-labelledby="orders-label"
                    className="mt-1 block text-3xl font-bold tabular-nums text-slate-900"
                  >
                    {result ? formatCount(result.orders) : '—'}
                  </output>
                </div>
              </form>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Estimated monthly cost</CardTitle>
              <p aria-live="polite" className="text-sm text-slate-600">
                {result && cheapest ? (
                  <>
                    At {formatCount(result.orders)} orders a month,{' '}
                    <strong className="font-semibold text-emerald-700">{cheapest.plan.name}</strong> is your
                    lowest-cost plan at{' '}
                    <strong className="font-semibold text-slate-900">
                      {formatMoney(cheapest.cost.totalMinor, currency, { display: 'symbol' })}
                    </strong>{' '}
                    a month.
                  </>
                ) : (
                  'Fix the highlighted fields to see your costs.'
                )}
              </p>
            </CardHeader>
            <CardContent className="grid gap-8">
              {result ? (
                <>
                  <CostChart result={result} currency={currency} />
                  <CostTable result={result} currency={currency} />
                </>
              ) : (
                <div className="flex min-h-48 items-center justify-center rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-500">
                  Enter a monthly volume and an average order value above zero to compare plans.
                </div>
              )}
              <div className="flex gap-3 rounded-xl bg-slate-50 p-4 text-xs leading-relaxed text-slate-600">
                <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
                <p>
                  Estimates exclude your payment provider’s own processing fees, which Stripe or your
                  Lightning provider charge you directly. Enterprise figures show transaction fees only, at
                  rates {formatFee(ENTERPRISE)}; its subscription is agreed with you. Starter includes{' '}
                  {MONTHLY_ORDER_LIMIT} orders a month, then {OVERAGE} per extra order.
                </p>
              </div>
            </CardContent>
          </Card>
        </div>
      </Section>

      <Section className="pt-0 lg:pt-0">
        <div className="flex flex-col items-start gap-6 rounded-3xl bg-slate-900 px-6 py-10 text-white sm:px-10 md:flex-row md:items-center md:justify-between">
          <div className="max-w-xl">
            <h2 className="text-2xl font-bold tracking-tight sm:text-3xl">Get an exact Enterprise quote</h2>
            <p className="mt-3 text-slate-300">
              Tell us about your volume and the agents you sell through. Our sales team replies within{' '}
              {CONTACT_RESPONSE_HOURS} hours with a price for your business.
            </p>
          </div>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild variant="lightning" size="lg">
              <Link to={CONTACT_LINK}>
                <Mail aria-hidden="true" />
                Contact sales
              </Link>
            </Button>
            <Button
              asChild
              variant="outline"
              size="lg"
              className="border-slate-600 bg-transparent text-white hover:bg-slate-800"
            >
              <Link to="/pricing">
                Compare plans
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </div>
        </div>
      </Section>
    </>
  );
}
