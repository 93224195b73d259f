import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '#web/lib/money';
import { runAcpFlow } from './api/run-acp-flow';
import { simulateInvoicePaid } from './api/simulate-invoice-paid';
import type { LightningInvoice } from './lightning-invoice-card';
import { TEST_CHECKOUT } from './test-checkout';
import {
  acceptedOutcome,
  EXPIRED_OUTCOME,
  failedOutcome,
  requestFailedOutcome,
  type TestOutcome,
} from './test-outcome';
import type { TestTransaction, TestTransactionStatus } from './test-transactions';
import { useConfirmPolling } from './use-confirm-polling';

/** The invoice a Bitcoin test waits on. */
export interface PendingInvoice extends LightningInvoice {
  invoiceId: string;
  /** Formatted, such as "GBP 23.98". */
  amount: string;
}

const startBitcoinTest = () =>
  runAcpFlow({
    payment_method: 'bitcoin',
    sku: TEST_CHECKOUT.sku,
    amount: TEST_CHECKOUT.expectedPrice,
    currency: TEST_CHECKOUT.currency,
  });

/**
 * The agent test, Bitcoin: the checkout creates a pending transaction with its Lightning invoice, then
 * confirm is polled until the invoice is paid (paid, 'Payment Received'), declined (failed) or 60 polls
 * pass (expired); each clears the invoice. In sandbox `payInSandbox` pays it through the simulator.
 */
export function useBitcoinTest(handlers: {
  record(transaction: TestTransaction): void;
  setStatus(id: string, status: TestTransactionStatus): void;
  report(outcome: TestOutcome): void;
}) {
  const [invoice, setInvoice] = useState<PendingInvoice | null>(null);

  const finish = (status: TestTransactionStatus, outcome: TestOutcome) => {
    if (invoice) handlers.setStatus(invoice.checkoutId, status);
    setInvoice(null);
    handlers.report(outcome);
  };
  const pollNow = useConfirmPolling(invoice?.checkoutId ?? null, {
    onAccepted: (answer) => {
      toast.success('Payment Received', { description: 'Bitcoin Lightning payment confirmed' });
      finish('paid', acceptedOutcome(answer, 'Bitcoin test paid'));
    },
    onDeclined: (answer) => {
      const outcome = failedOutcome(answer);
      toast.error('Test Failed', { description: outcome.message });
      finish('failed', outcome);
    },
    onExpired: () => finish('expired', EXPIRED_OUTCOME),
  });

  const create = useMutation({
    mutationFn: startBitcoinTest,
    onSuccess: (answer) => {
      const { checkout_id: checkoutId, invoice_id: invoiceId, invoice_url: paymentRequest } = answer;
      if (answer.error || !checkoutId || !invoiceId || !paymentRequest || !answer.expires_at) {
        const outcome = failedOutcome(answer);
        toast.error('Test Failed', { description: outcome.message });
        handlers.report(outcome);
        return;
      }
      const amount = answer.amount!;
      const currency = answer.currency ?? TEST_CHECKOUT.currency;
      handlers.record({
        id: checkoutId,
        method: 'bitcoin',
        status: 'pending',
        amount,
        currency,
        timestamp: new Date().toISOString(),
      });
      setInvoice({
        checkoutId,
        invoiceId,
        paymentRequest,
        expiresAt: answer.expires_at,
        amount: formatMoney(amount, currency),
      });
      toast.success('Bitcoin Invoice Created', { description: answer.message });
    },
    onError: (err) => {
      toast.error('Test Failed', { description: err.message });
      handlers.report(requestFailedOutcome(err));
    },
  });

  const pay = useMutation({
    mutationFn: (paid: PendingInvoice) =>
      simulateInvoicePaid({ checkout_id: paid.checkoutId, invoice_id: paid.invoiceId }),
    onSuccess: () => {
      toast.success('Payment simulated', { description: 'Confirming the order with your store...' });
      pollNow();
    },
    onError: (err) => toast.error('Simulation failed', { description: err.message }),
  });

  return {
    invoice,
    creating: create.isPending,
    start: () => create.mutate(),
    paying: pay.isPending,
    payInSandbox: () => invoice && pay.mutate(invoice),
    /** Stops waiting: the transaction stays pending, as the invoice may still be paid later. */
    stopWaiting: () => setInvoice(null),
  };
}
