import { describe, expect, it } from 'vitest';
import type { ConnectionsOutput } from '#common/api/connections';
import type { MerchantPayments } from '#common/api/merchant';
import type { ReadinessReport } from '#common/api/readiness';
import type { StatusResponse } from '#common/api/status';
import { overallVerdict, productionChecks, type CheckSources } from './production-checks';

const payments: MerchantPayments = {
  card: 'connected',
  cardAccountId: 'acct_1',
  bitcoin: { enabled: false, provider: null, expiryMins: null },
};
const store = {
  id: 's',
  platform: 'woocommerce',
  status: 'connected',
  display: {},
  lastTestedAt: null,
  lastError: null,
  updatedAt: '',
  selling: true,
  openUrl: null,
};
const connections = {
  stores: [store],
  payments: [],
  platforms: [],
  paymentProviders: [],
} as ConnectionsOutput;
const status = { status: 'healthy', mode: 'live' } as StatusResponse;
const readiness = { status: 'READY' } as ReadinessReport;
const ALL_GOOD: CheckSources = { payments, connections, apiKeyIssued: true, status, readiness };

const stateOf = (sources: CheckSources, id: string) =>
  productionChecks(sources).find((c) => c.id === id)!.state;

describe('production checks', () => {
  it('is ready when every check passes', () => {
    const checks = productionChecks(ALL_GOOD);
    expect(checks.map((c) => c.state)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass', 'pass']);
    expect(overallVerdict(checks)).toBe('ready');
  });

  it('keeps checking while any source loads, and fails a check whose source failed', () => {
    expect(stateOf({ ...ALL_GOOD, connections: undefined }, 'store')).toBe('checking');
    expect(overallVerdict(productionChecks({ ...ALL_GOOD, connections: undefined }))).toBe('checking');
    expect(stateOf({ ...ALL_GOOD, connections: null }, 'store')).toBe('fail');
  });

  it('warns in the sandbox, on degraded health or readiness, and with Bitcoin only', () => {
    const sandbox = { ...ALL_GOOD, status: { ...status, mode: 'sandbox' } as StatusResponse };
    expect(stateOf(sandbox, 'mode')).toBe('warning');
    expect(overallVerdict(productionChecks(sandbox))).toBe('warnings');
    expect(stateOf({ ...ALL_GOOD, status: { ...status, status: 'degraded' } }, 'health')).toBe('warning');
    expect(stateOf({ ...ALL_GOOD, readiness: { ...readiness, status: 'DEGRADED' } }, 'readiness')).toBe(
      'warning',
    );
    const bitcoinOnly = {
      ...payments,
      card: 'off' as const,
      bitcoin: { ...payments.bitcoin, enabled: true },
    };
    expect(stateOf({ ...ALL_GOOD, payments: bitcoinOnly }, 'payments')).toBe('warning');
  });

  it('is not ready when any check fails', () => {
    const noStore = { ...ALL_GOOD, connections: { ...connections, stores: [] } };
    expect(stateOf(noStore, 'store')).toBe('fail');
    expect(overallVerdict(productionChecks(noStore))).toBe('not_ready');
    const failing = {
      ...ALL_GOOD,
      connections: { ...connections, stores: [{ ...store, status: 'failed' }] },
    };
    expect(stateOf(failing, 'store')).toBe('fail');
    expect(stateOf({ ...ALL_GOOD, apiKeyIssued: false }, 'api-key')).toBe('fail');
    expect(stateOf({ ...ALL_GOOD, payments: { ...payments, card: 'pending_setup' } }, 'payments')).toBe(
      'fail',
    );
    expect(stateOf({ ...ALL_GOOD, readiness: { ...readiness, status: 'BLOCKED' } }, 'readiness')).toBe(
      'fail',
    );
    expect(stateOf({ ...ALL_GOOD, status: { ...status, status: 'unhealthy' } }, 'health')).toBe('fail');
  });
});
