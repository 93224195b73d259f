import { notify, NOTIFICATION_INTERVAL_MS, type NotifyDeps } from './notify';

/** More than this many refused calls in the window is worth telling the merchant about. */
export const REFUSED_CALLS_THRESHOLD = 20;
export const REFUSED_CALLS_WINDOW_MS = 15 * 60 * 1000;

/** Refusals by auth, validation or rate limit: the caller's request was turned away, not failed by us. */
const REFUSED_STATUSES = new Set([400, 401, 403, 429]);

/** How often, in observed calls, merchants with nothing recent are forgotten (keeps memory flat). */
const SWEEP_EVERY = 1_000;

export interface AgentCallMonitor {
  /** One answered agent API call of a merchant's (its key was recognised), by status. Never throws. */
  observe(merchantId: string, status: number): void;
}

/**
 * api_errors: any 5xx on a merchant's agent API calls, or more than 20 refused calls in 15 minutes. It
 * sits on the hot path, so it only counts in this process's memory; the database is touched when the
 * notification fires, and this process then leaves the merchant alone for the hour (the database's
 * hourly slot still decides across instances). Each instance counts its own calls, so behind a load
 * balancer a burst split across instances may need more than 21 refusals to be noticed.
 */
export function createAgentCallMonitor(deps: NotifyDeps): AgentCallMonitor {
  const refusals = new Map<string, number[]>();
  const quietUntil = new Map<string, number>();
  let observed = 0;

  const sweep = (now: number) => {
    for (const [merchantId, times] of refusals)
      if ((times.at(-1) ?? 0) <= now - REFUSED_CALLS_WINDOW_MS) refusals.delete(merchantId);
    for (const [merchantId, until] of quietUntil) if (until <= now) quietUntil.delete(merchantId);
  };

  const fire = (merchantId: string, now: number, body: string) => {
    quietUntil.set(merchantId, now + NOTIFICATION_INTERVAL_MS);
    refusals.delete(merchantId);
    notify(deps, {
      merchantId,
      event: 'api_errors',
      title: 'Agent API errors',
      body,
      link: '/dashboard',
    }).catch((err: unknown) => {
      // Not told: let the next error try again rather than staying quiet for the hour.
      quietUntil.delete(merchantId);
      deps.logger.warn({ err, merchantId }, 'could not send the api_errors notification');
    });
  };

  return {
    observe(merchantId, status) {
      const isServerError = status >= 500;
      if (!isServerError && !REFUSED_STATUSES.has(status)) return;
      const now = deps.clock.now().getTime();
      if (++observed % SWEEP_EVERY === 0) sweep(now);
      if ((quietUntil.get(merchantId) ?? 0) > now) return;
      if (isServerError) {
        return fire(
          merchantId,
          now,
          `An agent API call failed on our side (HTTP ${status}). Agents retry with their Idempotency-Key; check the system health card if it continues.`,
        );
      }
      const recent = (refusals.get(merchantId) ?? []).filter((t) => t > now - REFUSED_CALLS_WINDOW_MS);
      recent.push(now);
      refusals.set(merchantId, recent);
      if (recent.length > REFUSED_CALLS_THRESHOLD) {
        fire(
          merchantId,
          now,
          `More than ${REFUSED_CALLS_THRESHOLD} agent API calls were refused in the last 15 minutes (invalid requests, blocked addresses or rate limits). Check the agent's integration.`,
        );
      }
    },
  };
}
