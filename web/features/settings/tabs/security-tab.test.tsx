import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActiveSession, SecuritySettingsView } from '#common/api/account-security';
import { IP_ALLOWLIST_MESSAGES } from '#common/validation/security-settings';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { SecurityTab } from './security-tab';

const YOU = '203.0.113.10';

function settings(overrides: Partial<SecuritySettingsView> = {}, allowlist = {}): SecuritySettingsView {
  return {
    sessionTimeoutMinutes: 15,
    maxSessionHours: 24,
    isAdmin: false,
    ...overrides,
    ipAllowlist: { available: true, entries: [], appliesToApiKey: false, yourAddress: YOU, ...allowlist },
  };
}

const SESSIONS: ActiveSession[] = [
  {
    id: 's1',
    browser: 'Chrome on macOS',
    ipAddress: YOU,
    createdAt: '2026-11-25T09:00:00.000Z',
    lastActiveAt: '2026-11-25T10:00:00.000Z',
    current: true,
  },
  {
    id: 's2',
    browser: 'Firefox on Windows',
    ipAddress: '198.51.100.7',
    createdAt: '2026-11-25T08:00:00.000Z',
    lastActiveAt: '2026-11-25T08:30:00.000Z',
    current: false,
  },
];

const TWO_FACTOR_OFF = { enabled: false, factors: [], recoveryCodesRemaining: null, phoneAvailable: false };

function stub(view: SecuritySettingsView, routes: Record<string, FetchHandler> = {}) {
  return stubFetch({
    signedIn: true,
    routes: {
      '/api/account/security': () => json(view),
      '/api/account/sessions': () => json({ sessions: SESSIONS }),
      '/api/account/two-factor': () => json(TWO_FACTOR_OFF),
      ...routes,
    },
  });
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

afterEach(() => vi.unstubAllGlobals());

describe('SecurityTab', () => {
  it('shows the idle timeout, the 24-hour policy, two-factor, the allowlist and the sessions', async () => {
    stub(settings());
    renderPage(<SecurityTab />, { path: '/settings' });
    expect(await screen.findByText('15 minutes (default)')).toBeInTheDocument();
    expect(screen.getByText('24 hours')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'IP allowlist' })).toBeInTheDocument();
    expect(screen.getByText('Enterprise only')).toBeInTheDocument();
    expect(await screen.findByText('Firefox on Windows')).toBeInTheDocument();
    expect(screen.getByText('This session')).toBeInTheDocument();
  });

  it('shows the Role-Based Access Control card to admins only', async () => {
    stub(settings({ isAdmin: true }));
    const { unmount } = renderPage(<SecurityTab />, { path: '/settings' });
    const card = (await screen.findByRole('heading', { name: 'Role-Based Access Control' })).closest(
      'section',
    )!;
    for (const line of [
      'Manage all roles',
      'Access all security monitoring',
      'Configure system-wide settings',
    ])
      expect(within(card).getByText(line)).toBeInTheDocument();
    unmount();
    vi.unstubAllGlobals();

    stub(settings({ isAdmin: false }));
    renderPage(<SecurityTab />, { path: '/settings' });
    await screen.findByText('15 minutes (default)');
    expect(screen.queryByRole('heading', { name: 'Role-Based Access Control' })).not.toBeInTheDocument();
  });

  it.each([
    ['', IP_ALLOWLIST_MESSAGES.required],
    ['   ', IP_ALLOWLIST_MESSAGES.required],
    ['1.2.3', IP_ALLOWLIST_MESSAGES.invalid],
    ['1.2.3.4.5', IP_ALLOWLIST_MESSAGES.invalid],
    ['1234.1.1.1', IP_ALLOWLIST_MESSAGES.invalid],
    ['example.com', IP_ALLOWLIST_MESSAGES.invalid],
    [YOU, IP_ALLOWLIST_MESSAGES.duplicate],
  ])(
    'refuses the allowlist entry %j with the message of the rule it breaks, without calling the server',
    async (entry, message) => {
      const save = vi.fn(() => json(settings()));
      const listed = settings({}, { entries: [YOU] });
      stub(listed, {
        '/api/account/security': (init) => (init?.method === 'PUT' ? save() : json(listed)),
      });
      const user = userEvent.setup();
      renderPage(<SecurityTab />, { path: '/settings' });
      const input = await screen.findByLabelText('IP address');
      if (entry) await user.type(input, entry);
      await user.click(screen.getByRole('button', { name: 'Add address' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(save).not.toHaveBeenCalled();
    },
  );

  it("adds the first address together with the saver's own, so nobody locks themselves out", async () => {
    const puts: Record<string, unknown>[] = [];
    stub(settings(), {
      '/api/account/security': (init) => {
        if (init?.method === 'PUT') puts.push(bodyOf(init));
        return json(settings());
      },
    });
    const user = userEvent.setup();
    renderPage(<SecurityTab />, { path: '/settings' });
    await user.type(await screen.findByLabelText('IP address'), '192.0.2.010');
    await user.click(screen.getByRole('button', { name: 'Add address' }));
    await waitFor(() => expect(puts).toEqual([{ ipAllowlist: [YOU, '192.0.2.10'] }]));
  });

  it('tells an IPv6 visitor that entries are IPv4, and offers no "Add my address"', async () => {
    stub(settings({}, { yourAddress: '2001:db8::7' }));
    renderPage(<SecurityTab />, { path: '/settings' });
    expect(await screen.findByText(/You are connecting over IPv6/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add my address' })).not.toBeInTheDocument();
  });

  it('shows the allowlist locked, with where to upgrade, on other plans', async () => {
    stub(settings({}, { available: false }));
    renderPage(<SecurityTab />, { path: '/settings' });
    expect(await screen.findByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('link', { name: 'Estimate Enterprise' })).toHaveAttribute(
      'href',
      '/enterprise-calculator',
    );
    expect(screen.queryByLabelText('IP address')).not.toBeInTheDocument();
  });

  it('revokes all other sessions after a confirmation', async () => {
    const revoke = vi.fn(() => json({ revoked: 1 }));
    stub(settings(), { '/api/account/sessions/revoke-others': revoke });
    const user = userEvent.setup();
    renderPage(<SecurityTab />, { path: '/settings' });
    await screen.findByText('Firefox on Windows');
    await user.click(screen.getByRole('button', { name: 'Revoke All Other Sessions' }));
    const dialog = await screen.findByRole('dialog');
    expect(revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke All Other Sessions' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
  });
});
