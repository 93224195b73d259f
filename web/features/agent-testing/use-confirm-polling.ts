import { useCallback, useEffect, useRef } from 'react';
import type { AcpFlowOutput } from '#common/api/agent-tests';
import { runAcpFlow } from './api/run-acp-flow';
import { CONFIRM_POLL_MS, MAX_CONFIRM_POLLS } from './test-checkout';

interface ConfirmHandlers {
  onAccepted(answer: AcpFlowOutput): void;
  onDeclined(answer: AcpFlowOutput): void;
  onExpired(): void;
}

/**
 * The agent test, Bitcoin: while `checkoutId` is set, confirms it every 5 s, up to 60 times, until it
 * is ACCEPTED or DECLINED; after the 60th unanswered poll it is expired. A failed poll is only logged and
 * polling goes on. Returns `pollNow`, for when the invoice is known to be paid.
 */
export function useConfirmPolling(checkoutId: string | null, handlers: ConfirmHandlers) {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  const pollNow = useRef<() => void>(() => undefined);

  useEffect(() => {
    if (!checkoutId) return;
    let polls = 0;
    let inFlight = false;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearInterval(timer);
    };

    async function poll() {
      if (stopped || inFlight) return;
      inFlight = true;
      polls += 1;
      try {
        const answer = await runAcpFlow({
          payment_method: 'bitcoin',
          confirm_only: true,
          checkout_id: checkoutId!,
        });
        if (stopped) return;
        if (answer.status === 'ACCEPTED') return settle(() => latest.current.onAccepted(answer));
        if (answer.status === 'DECLINED') return settle(() => latest.current.onDeclined(answer));
        if (answer.error) console.warn(`Confirming the Bitcoin test: [${answer.step}] ${answer.error}`);
      } catch (err) {
        console.warn('Confirming the Bitcoin test failed; trying again shortly.', err);
      } finally {
        inFlight = false;
      }
      if (!stopped && polls >= MAX_CONFIRM_POLLS) settle(() => latest.current.onExpired());
    }
    function settle(report: () => void) {
      stop();
      report();
    }

    const timer = window.setInterval(() => void poll(), CONFIRM_POLL_MS);
    pollNow.current = () => void poll();
    return stop;
  }, [checkoutId]);

  return useCallback(() => pollNow.current(), []);
}
