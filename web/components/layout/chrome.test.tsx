import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '#web/features/auth/auth-provider';
import { ProtectedRoute } from '#web/features/auth/protected-route';
import { renderPage } from '#web/test/render';
import { CookieBanner } from './cookie-banner';
import { ErrorFallback } from './error-fallback';

afterEach(() => vi.unstubAllGlobals());

function stubSession(body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function AuthLanding() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname: string } } | null)?.from?.pathname;
  return <p>auth page, from {from}</p>;
}

describe('protected routes', () => {
  it('shows a spinner, then sends a signed-out visitor to /auth with the origin', async () => {
    stubSession(null);
    renderPage(<ProtectedRoute />, {
      path: '/payments',
      extraRoutes: [{ path: '/auth', element: <AuthLanding /> }],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Checking your session');
    expect(await screen.findByText('auth page, from /payments')).toBeInTheDocument();
  });
});

describe('useAuth', () => {
  it('throws the documented message outside its provider', () => {
    function Orphan() {
      useAuth();
      return null;
    }
    const swallow = (e: ErrorEvent) => e.preventDefault();
    window.addEventListener('error', swallow);
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Orphan />)).toThrow('useAuth must be used within an AuthProvider');
    spy.mockRestore();
    window.removeEventListener('error', swallow);
  });
});

describe('error fallback', () => {
  it('shows the message with Refresh Page and Go Home', () => {
    render(<ErrorFallback error={new Error('Boom in the dashboard')} />);
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText('An unexpected error occurred. Please try refreshing the page.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Boom in the dashboard')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeInTheDocument();
  });
});

describe('cookie banner', () => {
  const renderBanner = () =>
    render(
      <MemoryRouter>
        <Routes>
          <Route path="/" element={<CookieBanner />} />
        </Routes>
      </MemoryRouter>,
    );

  it('stores accepted and hides', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(localStorage.getItem('gdpr-consent')).toBe('accepted');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('counts closing as declining', async () => {
    renderBanner();
    await userEvent.click(screen.getByRole('button', { name: 'Close cookie banner' }));
    expect(localStorage.getItem('gdpr-consent')).toBe('declined');
  });

  it('stays hidden once a choice exists', () => {
    localStorage.setItem('gdpr-consent', 'declined');
    renderBanner();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });
});
