import { Bot, CreditCard, Zap } from 'lucide-react';
import { useState } from 'react';
import { decimalToMinor } from '#common/domain/money';
import { ROUTES } from '#common/routes';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { formatMoney } from '#web/lib/money';
import { useSeo } from '#web/lib/use-seo';
import { useIsSandbox } from '#web/lib/app-status';
import { CardPaymentChoice, sptTokenError, type CardPaymentDraft } from './card-payment-choice';
import { LightningInvoiceCard } from './lightning-invoice-card';
import { TEST_CHECKOUT } from './test-checkout';
import type { TestOutcome } from './test-outcome';
import { useTestTransactions } from './test-transactions';
import { TestTransactionsTable } from './test-transactions-table';
import { useBitcoinTest } from './use-bitcoin-test';
import { useCardTest } from './use-card-test';

/**
 * /testing/agent: the merchant plays an AI agent buying from their own store, paying by card or
 * Bitcoin Lightning, and sees the session's recent test transactions.
 */
export default function AgentTestingPage() {
  useSeo({
    title: 'Agent test checkout',
    description: 'Run a test checkout through your own store and payment providers, as an AI agent would.',
    path: ROUTES.agentTesting.path,
    noIndex: true,
  });
  const isSandbox = useIsSandbox();
  const { transactions, record, setStatus } = useTestTransactions();
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [cardPayment, setCardPayment] = useState<CardPaymentDraft>({ testCard: 'visa', token: '' });
  const [tokenError, setTokenError] = useState<string>();
  const card = useCardTest({ record, report: setOutcome });
  const bitcoin = useBitcoinTest({ record, setStatus, report: setOutcome });
  // Both buttons are disabled while one test runs (a Bitcoin test runs until its invoice settles).
  const running = card.isPending || bitcoin.creating || bitcoin.invoice !== null;

  function payWithCard() {
    setOutcome(null);
    if (isSandbox) return card.mutate({ testCard: cardPayment.testCard });
    const invalid = sptTokenError(cardPayment.token);
    setTokenError(invalid);
    if (!invalid) card.mutate({ token: cardPayment.token.trim() });
  }
  function payWithBitcoin() {
    setOutcome(null);
    bitcoin.start();
  }

  return (
    <div className="space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold text-brand-700">Testing</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Agent test checkout</h1>
          <p className="mt-2 text-slate-600">
            Play an AI shopping agent: a real offer, checkout and confirm through your own store and payment
            providers, exactly as ChatGPT or another agent would run them.
          </p>
        </div>
        {isSandbox !== undefined &&
          (isSandbox ? (
            <Badge variant="brand">Sandbox: simulated providers, no real money</Badge>
          ) : (
            <Badge variant="warning">Live: tests move real money</Badge>
          ))}
      </header>

      <Card>
        <CardHeader className="border-b border-slate-100">
          <CardTitle className="flex items-center gap-2">
            <Bot aria-hidden="true" className="size-5 text-brand-600" />
            Run a test checkout
          </CardTitle>
          <CardDescription>
            Pick how the agent pays. Each test places a real order in your store.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6 pt-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <TestCheckoutFacts />
          <div className="grid content-start gap-4">
            <CardPaymentChoice
              isSandbox={isSandbox}
              value={cardPayment}
              onChange={(next) => {
                setCardPayment(next);
                setTokenError(undefined);
              }}
              tokenError={tokenError}
              disabled={running}
            />
            <div className="grid gap-3 sm:grid-cols-2">
              <Button size="lg" onClick={payWithCard} disabled={running || isSandbox === undefined}>
                <CreditCard aria-hidden="true" />
                {card.isPending ? 'Processing...' : 'Pay with Card'}
              </Button>
              <Button size="lg" variant="lightning" onClick={payWithBitcoin} disabled={running}>
                <Zap aria-hidden="true" />
                {bitcoin.creating ? 'Creating Invoice...' : 'Pay with Bitcoin'}
              </Button>
            </div>
            {outcome && <OutcomeAlert outcome={outcome} />}
          </div>
        </CardContent>
      </Card>

      {bitcoin.invoice && (
        <LightningInvoiceCard invoice={bitcoin.invoice} amount={bitcoin.invoice.amount}>
          {isSandbox ? (
            <Button onClick={bitcoin.payInSandbox} disabled={bitcoin.paying}>
              <Zap aria-hidden="true" />
              {bitcoin.paying ? 'Paying...' : 'Pay this invoice (sandbox)'}
            </Button>
          ) : (
            <p className="text-sm text-slate-600">
              Pay it from any Lightning wallet; this page confirms the order by itself.
            </p>
          )}
          <Button variant="ghost" onClick={bitcoin.stopWaiting}>
            Stop waiting
          </Button>
        </LightningInvoiceCard>
      )}

      <section aria-labelledby="recent-tests" className="space-y-3">
        <div>
          <h2 id="recent-tests" className="text-lg font-semibold text-slate-900">
            Recent Test Transactions
          </h2>
          <p className="text-sm text-slate-600">
            The last 10 tests of this browser tab, kept until you close it.
          </p>
        </div>
        <TestTransactionsTable transactions={transactions} />
      </section>
    </div>
  );
}

/** The test checkout's defaults, stated so the merchant knows what the test buys and spends. */
function TestCheckoutFacts() {
  const { sku, quantity, shippingCountry, currency, expectedPrice, spendingLimit } = TEST_CHECKOUT;
  const facts = [
    ['Product', `${quantity} × ${sku}`],
    ['Expected price', `${formatMoney(decimalToMinor(expectedPrice, currency), currency)} plus shipping`],
    ['Ships to', `${shippingCountry} (test buyer in London)`],
    ['Agent may spend up to', formatMoney(decimalToMinor(spendingLimit, currency), currency)],
  ];
  return (
    // self-start: stretched to a taller neighbour (a test's outcome beside it), its grey hairline
    // background would show below the facts as an empty block.
    <dl className="grid gap-px self-start overflow-hidden rounded-xl border border-slate-200 bg-slate-200 text-sm">
      {facts.map(([term, detail]) => (
        <div key={term} className="flex items-center justify-between gap-4 bg-white px-4 py-3">
          <dt className="text-slate-600">{term}</dt>
          <dd className="text-right font-medium text-slate-900">{detail}</dd>
        </div>
      ))}
    </dl>
  );
}

function OutcomeAlert({ outcome }: { outcome: TestOutcome }) {
  return (
    <Alert variant={outcome.tone} title={outcome.title}>
      <p className="break-words">{outcome.message}</p>
      {outcome.next && <p className="mt-1 opacity-90">{outcome.next}</p>}
    </Alert>
  );
}
