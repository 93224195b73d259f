import type { AcpFlowOutput } from '#common/api/agent-tests';
import { TEST_CHECKOUT } from './test-checkout';

/** What the last test came to, as the tester's result box shows it: what happened and what to do next. */
export interface TestOutcome {
  tone: 'success' | 'error' | 'warning';
  title: string;
  message: string;
  next?: string;
}

type Step = NonNullable<AcpFlowOutput['step']>;

const NEXT_STEP: Record<Step, string> = {
  offer: `The tester buys ${TEST_CHECKOUT.sku} at ${TEST_CHECKOUT.currency} ${TEST_CHECKOUT.expectedPrice}. Check that your store is connected and sells it at that price, then run the test again.`,
  checkout:
    'Check the payment provider connection in Settings (and that the method is switched on), then run the test again.',
  confirm:
    'The payment did not go through. Try again with another card or invoice; a declined test card is declined every time.',
};

export function acceptedOutcome(answer: AcpFlowOutput, title: string): TestOutcome {
  return { tone: 'success', title, message: answer.message ?? 'The store accepted the order.' };
}

/** The 'Test failed' box, its message prefixed with [step] when a step is known. */
export function failedOutcome(answer: AcpFlowOutput): TestOutcome {
  const message = answer.error ?? answer.message ?? 'The test checkout was declined.';
  return {
    tone: 'error',
    title: 'Test failed',
    message: answer.step ? `[${answer.step}] ${message}` : message,
    next: NEXT_STEP[answer.step ?? 'confirm'],
  };
}

/** A request that never ran the flow (offline, signed out, refused): the server's message says why. */
export function requestFailedOutcome(err: unknown): TestOutcome {
  return {
    tone: 'error',
    title: 'Test failed',
    message: err instanceof Error ? err.message : 'The test could not be started.',
    next: 'Fix what the message says, then run the test again.',
  };
}

export const EXPIRED_OUTCOME: TestOutcome = {
  tone: 'warning',
  title: 'Invoice expired',
  message: 'No payment arrived within 5 minutes, so the test is marked expired.',
  next: 'Start a new Bitcoin test when your wallet is ready to pay.',
};
