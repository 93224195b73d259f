import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import { amountToMinor, type AcpFlowOutput, type TestCard } from '#common/api/agent-tests';
import { mintTestToken } from './api/mint-test-token';
import { runAcpFlow } from './api/run-acp-flow';
import { TEST_CHECKOUT } from './test-checkout';
import { acceptedOutcome, failedOutcome, requestFailedOutcome, type TestOutcome } from './test-outcome';
import type { TestTransaction } from './test-transactions';

/** How the card test pays: in sandbox a test card (a token is minted for it), in live a real agent's token. */
export type CardPayment = { testCard: TestCard } | { token: string };

async function runCardTest(payWith: CardPayment): Promise<AcpFlowOutput> {
  const { sku, expectedPrice, spendingLimit, currency } = TEST_CHECKOUT;
  const token =
    'token' in payWith
      ? payWith.token
      : (await mintTestToken({ amount: spendingLimit, currency, card: payWith.testCard })).token;
  return runAcpFlow({ payment_method: 'stripe', test_spt: token, sku, amount: expectedPrice, currency });
}

/**
 * The agent test, card: offer, checkout and confirm in one go; ACCEPTED gives paid, anything else
 * failed. Each run is recorded and reported with a 'Test Successful' or 'Test Failed' toast.
 */
export function useCardTest(handlers: {
  record(transaction: TestTransaction): void;
  report(outcome: TestOutcome): void;
}) {
  return useMutation({
    mutationFn: runCardTest,
    onSuccess: (answer) => {
      const paid = answer.status === 'ACCEPTED';
      handlers.record({
        id: answer.checkout_id ?? `card-test-${Date.now()}`,
        method: 'stripe',
        status: paid ? 'paid' : 'failed',
        amount: answer.amount ?? amountToMinor(TEST_CHECKOUT.expectedPrice)!,
        currency: answer.currency ?? TEST_CHECKOUT.currency,
        timestamp: new Date().toISOString(),
      });
      if (paid) {
        toast.success('Test Successful', { description: `Stripe test checkout ${answer.status}` });
        handlers.report(acceptedOutcome(answer, 'Card test paid'));
      } else {
        const outcome = failedOutcome(answer);
        toast.error('Test Failed', { description: outcome.message });
        handlers.report(outcome);
      }
    },
    onError: (err) => {
      toast.error('Test Failed', { description: err.message });
      handlers.report(requestFailedOutcome(err));
    },
  });
}
