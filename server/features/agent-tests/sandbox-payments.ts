import { and, eq } from 'drizzle-orm';
import { AGENT_TEST_MESSAGES, type TestCard } from '#common/api/agent-tests';
import type { Db } from '../../db/client';
import { payments, type Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import type { IntegrationRuntime } from '../../integrations/runtime';
import {
  isPaymentProviderId,
  lightningProvider,
  paymentProvider,
  type PaymentProviderId,
} from '../../integrations/payments/registry';
import { loadPaymentConnection, type CommerceDeps } from '../commerce';

/**
 * Sandbox helpers for the agent tester. They drive the provider simulators through their control
 * endpoints (`POST /__sim/...` on each simulator's loopback base URL); live mode has no simulators.
 */
async function simulatorControl(
  runtime: Pick<IntegrationRuntime, 'simulatorAccessHeaders'>,
  simulator: { baseUrl: string },
  path: string,
  body: Record<string, unknown> = {},
): Promise<Record<string, unknown> | null> {
  const res = await fetch(`${simulator.baseUrl}/__sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...runtime.simulatorAccessHeaders },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  const answer = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  // Some simulators answer an unknown invoice with 200 and `error`, as their provider does.
  return res.ok && answer && !answer.error ? answer : null;
}

/** The Stripe test payment method behind each test card (the simulator's `pm_card_*` aliases). */
const TEST_CARD_PAYMENT_METHODS: Record<TestCard, string> = {
  visa: 'pm_card_visa',
  declined: 'pm_card_chargeDeclined',
  insufficient_funds: 'pm_card_chargeDeclinedInsufficientFunds',
};

/**
 * "Use a test token": a merchant has no AI agent to hand it a Shared Payment Token, so in sandbox mode
 * the Stripe simulator mints one as the agent's side would, redeemable only by the merchant's own Stripe
 * account and only up to `amountMinor`. Live mode refuses: there a real agent's token is the only kind.
 */
export async function mintTestToken(
  deps: CommerceDeps,
  merchant: Merchant,
  input: { amountMinor: number; currency: string; card: TestCard },
): Promise<string> {
  const simulator = deps.runtime.mode === 'sandbox' ? deps.runtime.simulators.stripe : undefined;
  if (!simulator) throw new AppError('forbidden', AGENT_TEST_MESSAGES.testTokenSandboxOnly);
  const stripe = await loadPaymentConnection(deps, merchant.id, 'stripe');
  if (!stripe?.row.accountId) throw new AppError('conflict', AGENT_TEST_MESSAGES.testTokenNoStripe);
  const minted = await simulatorControl(deps.runtime, simulator, 'granted_tokens', {
    currency: input.currency.toLowerCase(),
    max_amount: input.amountMinor,
    payment_method: TEST_CARD_PAYMENT_METHODS[input.card],
    account: stripe.row.accountId,
  });
  if (typeof minted?.id !== 'string') {
    throw new AppError(
      'provider_unavailable',
      'The Stripe simulator could not mint a test token. Try again.',
    );
  }
  return minted.id;
}

/**
 * The simulator control that marks a provider's invoice paid (a path under its `/__sim/`), from the
 * provider's manifest; null for a provider that issues no invoices.
 */
export function sandboxPayControl(provider: string, invoiceId: string): string | null {
  if (!isPaymentProviderId(provider)) return null;
  return lightningProvider(provider)?.manifest.sandboxControls.payInvoice(invoiceId) ?? null;
}

/**
 * simulate-opennode-paid (named after the first provider, whichever issued the invoice): marks the
 * Lightning invoice of one of the merchant's own checkouts paid on its provider's simulator. Sandbox
 * only; the checkout settles on its next confirm (or the notification).
 */
export async function simulateInvoicePaid(
  deps: { db: Db; runtime: IntegrationRuntime },
  merchant: Merchant,
  input: { checkout_id: string; invoice_id: string },
): Promise<void> {
  if (deps.runtime.mode !== 'sandbox') {
    throw new AppError(
      'forbidden',
      'Simulating a payment is only possible in sandbox mode; in live mode the invoice must really be paid.',
    );
  }
  const [payment] = await deps.db
    .select({ provider: payments.provider })
    .from(payments)
    .where(
      and(
        eq(payments.merchantId, merchant.id),
        eq(payments.checkoutId, input.checkout_id),
        eq(payments.providerInvoiceId, input.invoice_id),
      ),
    );
  const control = payment ? sandboxPayControl(payment.provider, input.invoice_id) : null;
  if (!payment || !control) {
    const provider = merchant.btcProvider;
    const name =
      provider && isPaymentProviderId(provider) ? paymentProvider(provider).manifest.name : 'Lightning';
    throw new AppError('not_found', `This checkout has no ${name} invoice with that id.`);
  }
  const name = paymentProvider(payment.provider as PaymentProviderId).manifest.name;
  const simulator = deps.runtime.simulators[payment.provider];
  if (!simulator || !(await simulatorControl(deps.runtime, simulator, control))) {
    throw new AppError(
      'unprocessable',
      `The ${name} simulator no longer knows this invoice (was it restarted?). Start a new test.`,
    );
  }
}
