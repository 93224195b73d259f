import { describe, expect, it } from 'vitest';
import { overallStatus, protocolStatus, serviceStatus } from './readiness-status';

describe('overallStatus (the readiness badge)', () => {
  it.each([
    ['OK', 'Ready', 'good'],
    ['READY', 'Ready', 'good'],
    ['DEGRADED', 'Degraded', 'warning'],
    ['BLOCKED', 'Blocked', 'error'],
    ['MAINTENANCE', 'Error', 'error'],
    [undefined, 'Error', 'error'],
  ])('shows %s as %s', (status, label, tone) => {
    expect(overallStatus(status)).toEqual({ label, tone });
  });
});

describe('serviceStatus (the per-service icon)', () => {
  it('is good when healthy and configured, a warning when configured but unhealthy, else an error', () => {
    expect(serviceStatus({ healthy: true, configured: true }).tone).toBe('good');
    expect(serviceStatus({ healthy: false, configured: true }).tone).toBe('warning');
    expect(serviceStatus({ healthy: false, configured: false }).tone).toBe('error');
    expect(serviceStatus({ healthy: true, configured: false }).tone).toBe('error');
  });
});

describe('protocolStatus (the per-protocol indicator)', () => {
  const all = (open: boolean) => ({ agent_api: open, acp: open, ucp: open });
  it('is good when open, an error when closed with the others, a warning for UCP alone closed', () => {
    expect(protocolStatus('ucp', all(true))).toEqual({ label: 'Taking orders', tone: 'good' });
    expect(protocolStatus('acp', all(false))).toEqual({ label: 'Not taking orders', tone: 'error' });
    expect(protocolStatus('ucp', all(false))).toEqual({ label: 'Not taking orders', tone: 'error' });
    expect(protocolStatus('ucp', { ...all(true), ucp: false })).toEqual({
      label: 'Signing key unavailable',
      tone: 'warning',
    });
  });
});
