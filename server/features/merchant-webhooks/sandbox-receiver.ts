import type { IntegrationRuntime } from '../../integrations/runtime';
import type { Logger } from '../../lib/logger';
import { WEBHOOK_RECEIVER_SANDBOX_DOMAIN } from '../../integrations/sandbox-network';

/**
 * Sandbox only: when the endpoint is on the sandbox webhook receiver, tell the receiver the merchant's
 * secret for that host, as a merchant would configure their own verifier, so it can check signatures.
 * Over HTTP to the simulator's control endpoint: the app never loads simulator code. If the receiver
 * cannot be told, its 401 answers say so in the delivery log.
 */
export async function shareSecretWithSandboxReceiver(
  deps: {
    runtime: Pick<IntegrationRuntime, 'mode' | 'simulators' | 'simulatorAccessHeaders'>;
    logger: Logger;
  },
  url: string,
  secret: string,
): Promise<void> {
  const { runtime } = deps;
  const receiver = runtime.simulators.webhooks;
  if (runtime.mode !== 'sandbox' || !receiver) return;
  const host = new URL(url).hostname.toLowerCase();
  if (!host.endsWith(`.${WEBHOOK_RECEIVER_SANDBOX_DOMAIN}`)) return;
  try {
    const res = await fetch(`${receiver.baseUrl}/__sim/secret`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...runtime.simulatorAccessHeaders },
      body: JSON.stringify({ host, secret }),
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
  } catch (err) {
    deps.logger.warn({ err, host }, 'the sandbox webhook receiver was not told the signing secret');
  }
}
