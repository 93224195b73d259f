import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatusResponse } from '#common/api/status';
import { PROVIDER_LIST } from '#web/test/connections-fixture';
import { useFakeIntervals } from '#web/test/fake-intervals';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { HEALTH_POLL_MS } from './api/get-status';
import { SystemHealthCard } from './system-health-card';

const STATUS: StatusResponse = {
  status: 'degraded',
  timestamp: '2026-05-01T10:00:00.000Z',
  version: '1.4.2',
  mode: 'sandbox',
  services: {
    database: 'operational',
    environment: 'operational',
    encryption: 'operational',
    stripe: 'degraded',
    opennode: 'down',
  },
  details: {
    encryption_key_length_valid: true,
    missing_required_env_vars: [],
    missing_optional_env_vars: [],
  },
  metrics: { recent_errors_15min: 3, error_rate_healthy: true },
};

function renderCard(handler: FetchHandler = () => json(STATUS)) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: { '/api/status': handler, '/api/connections': () => json(PROVIDER_LIST) },
  });
  renderPage(<SystemHealthCard />, { path: '/dashboard' });
  return fetchMock;
}

const serviceState = (name: string) =>
  within(screen.getByRole('list', { name: 'Services' })).getByText(name).nextSibling;

afterEach(() => vi.useRealTimers());

describe('SystemHealthCard', () => {
  it('shows the overall status, each service, the recent errors and the version', async () => {
    renderCard();
    expect(screen.getByRole('status')).toHaveTextContent('Checking system health...');
    expect(await screen.findByText('Degraded', { selector: 'span.rounded-full' })).toBeInTheDocument();
    expect(serviceState('Database')).toHaveTextContent('Operational');
    expect(serviceState('Stripe')).toHaveTextContent('Degraded');
    expect(serviceState('OpenNode')).toHaveTextContent('Down');
    expect(screen.getByText(/3 errors in the last 15 minutes/)).toHaveTextContent('1.4.2');
  });

  it('checks again every 60 seconds', async () => {
    useFakeIntervals();
    const fetchMock = renderCard();
    await screen.findByText('Database');
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/status')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(HEALTH_POLL_MS - 1_000));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/status')).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/status')).toHaveLength(2);
  });

  it('shows every service as unknown and toasts Health Check Failed when the check fails', async () => {
    renderCard(() => json({ error: { code: 'internal', message: 'Server unavailable' } }, 500));
    expect(await screen.findByText('Health Check Failed')).toBeInTheDocument();
    expect(screen.getAllByText('Server unavailable')).not.toHaveLength(0);
    for (const name of ['Database', 'Environment', 'Encryption', 'Stripe', 'OpenNode']) {
      expect(serviceState(name)).toHaveTextContent('Unknown');
    }
    expect(screen.getByText('Check failed')).toBeInTheDocument();
  });
});
