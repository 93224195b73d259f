import type { ConnectionsOutput } from '#common/api/connections';
import type { MerchantPayments } from '#common/api/merchant';
import type { ReadinessReport } from '#common/api/readiness';
import type { StatusResponse } from '#common/api/status';

export type CheckState = 'checking' | 'pass' | 'warning' | 'fail';

export interface ProductionCheck {
  id: string;
  title: string;
  state: CheckState;
  /** What the state means for this merchant, and what to do about anything short of a pass. */
  message: string;
  /** Where to fix it. */
  fixAt?: string;
}

/** Each source is undefined while it loads and null when it could not be loaded. */
export interface CheckSources {
  payments: MerchantPayments | undefined | null;
  connections: ConnectionsOutput | undefined | null;
  apiKeyIssued: boolean | undefined | null;
  status: StatusResponse | undefined | null;
  readiness: ReadinessReport | undefined | null;
}

const FAILED_TO_CHECK = 'We could not check this. Try again in a moment.';

function check(
  id: string,
  title: string,
  source: unknown,
  decide: () => Omit<ProductionCheck, 'id' | 'title'>,
): ProductionCheck {
  if (source === undefined) return { id, title, state: 'checking', message: 'Checking...' };
  if (source === null) return { id, title, state: 'fail', message: FAILED_TO_CHECK };
  return { id, title, ...decide() };
}

/** What a merchant must have in place before real agents buy, each check from what the dashboard loads. */
export function productionChecks(s: CheckSources): ProductionCheck[] {
  return [
    check('payments', 'Payment method', s.payments, () => {
      const p = s.payments!;
      if (p.card === 'connected') return { state: 'pass', message: 'Card payments are connected.' };
      if (p.bitcoin.enabled) {
        return {
          state: 'warning',
          message: 'Only Bitcoin Lightning is on. Connect Stripe so agents can pay by card.',
          fixAt: '/settings?tab=stripe',
        };
      }
      return {
        state: 'fail',
        message: 'No payment method is ready. Connect Stripe or turn on Bitcoin Lightning.',
        fixAt: '/settings?tab=payments',
      };
    }),
    check('store', 'Store connection', s.connections, () => {
      const stores = s.connections!.stores;
      if (stores.length === 0) {
        return {
          state: 'fail',
          message: 'No store is connected, so orders have nowhere to go.',
          fixAt: '/setup-store',
        };
      }
      // Agents only use the selling store (ADR 042): another store failing does not stop a sale.
      if (stores.find((store) => store.selling)?.status === 'failed') {
        return {
          state: 'fail',
          message: 'Your store stopped answering. Test it below, then reconnect it.',
          fixAt: '/setup-store',
        };
      }
      return { state: 'pass', message: 'Your store is connected.' };
    }),
    check('api-key', 'Agent API key', s.apiKeyIssued, () =>
      s.apiKeyIssued
        ? { state: 'pass', message: 'Agents have a key to call your checkout with.' }
        : {
            state: 'fail',
            message: 'Generate an API key so agents can call your checkout.',
            fixAt: '/settings?tab=api',
          },
    ),
    check('health', 'System health', s.status, () => {
      const status = s.status!.status;
      if (status === 'healthy') return { state: 'pass', message: 'Every service is operational.' };
      if (status === 'degraded') {
        return { state: 'warning', message: 'Some services are degraded; payments may be slow or fail.' };
      }
      return { state: 'fail', message: 'The platform is not healthy right now; agents cannot buy.' };
    }),
    check('readiness', 'Agent readiness', s.readiness, () => {
      const status = s.readiness!.status;
      if (status === 'OK' || status === 'READY')
        return { state: 'pass', message: 'Agents can find and buy your products.' };
      if (status === 'DEGRADED')
        return { state: 'warning', message: 'Agents can buy, with limits. See Agent readiness.' };
      return { state: 'fail', message: 'Agents cannot buy yet. See Agent readiness for what to fix.' };
    }),
    check('mode', 'Live payments', s.status, () =>
      s.status!.mode === 'live'
        ? { state: 'pass', message: 'Payments are real.' }
        : { state: 'warning', message: 'This is the sandbox: payments and stores are simulated.' },
    ),
  ];
}

export type Verdict = 'checking' | 'ready' | 'warnings' | 'not_ready';

/** Ready when every check passes, not ready when any fails, otherwise ready with warnings. */
export function overallVerdict(checks: ProductionCheck[]): Verdict {
  if (checks.some((c) => c.state === 'checking')) return 'checking';
  if (checks.some((c) => c.state === 'fail')) return 'not_ready';
  if (checks.every((c) => c.state === 'pass')) return 'ready';
  return 'warnings';
}
