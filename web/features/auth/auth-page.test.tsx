import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES, PASSWORD_HINT } from '#common/validation/auth';
import { renderPage } from '#web/test/render';
import AuthPage from './auth-page';

type Handler = (url: string, init?: RequestInit) => { status: number; body: unknown };

function installFetch(handler: Handler) {
  const calls: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const { status, body } = handler(url, init);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const signedOut: Handler = (url) =>
  url === '/api/auth/get-session' ? { status: 200, body: null } : { status: 204, body: {} };

function renderAuth() {
  return renderPage(<AuthPage />, {
    path: '/auth',
    extraRoutes: [{ path: '/onboarding', element: <h1>Onboarding page</h1> }],
  });
}

async function openSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
}

describe('/auth', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens on Sign In and shows the password hint on Sign Up', async () => {
    installFetch(signedOut);
    const user = userEvent.setup();
    renderAuth();
    expect(await screen.findByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Welcome to AgentCart/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    await openSignUp(user);
    expect(screen.getByText(PASSWORD_HINT)).toBeInTheDocument();
  });

  it('shows every sign-up rule with its exact message and reports the failure', async () => {
    const calls = installFetch(signedOut);
    const user = userEvent.setup();
    renderAuth();
    await openSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.businessNameRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();

    const name = screen.getByLabelText('Business Name');
    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await user.type(name, 'Bad <script>');
    await user.type(email, 'not-an-email');
    await user.type(password, 'longbutweak');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText(AUTH_MESSAGES.businessNameProhibited)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.emailFormat)).toBeInTheDocument();
    expect(screen.getByText(AUTH_MESSAGES.passwordComplexity)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');

    await waitFor(() => expect(calls.some((c) => c.url === '/api/security-events')).toBe(true));
    const event = calls.find((c) => c.url === '/api/security-events')!.body as {
      details: Record<string, unknown>;
    };
    expect(event.details).toMatchObject({ name: 'validation_failure', form: 'signup' });
    expect(JSON.stringify(event)).not.toContain('longbutweak');
    expect(calls.some((c) => c.url === '/api/auth/sign-up/email')).toBe(false);
  });

  it('requires a password to sign in', async () => {
    installFetch(signedOut);
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'merchant@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText(AUTH_MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('signs up, then asks the merchant to open the link sent to their address', async () => {
    const calls = installFetch((url) =>
      url === '/api/auth/sign-up/email'
        ? { status: 200, body: { status: 'check_email', sandboxMailbox: '/__sim/mail' } }
        : signedOut(url),
    );
    const user = userEvent.setup();
    renderAuth();
    await openSignUp(user);
    await user.type(screen.getByLabelText('Business Name'), 'Shop');
    await user.type(screen.getByLabelText('Email'), 'new@shop.example');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('new@shop.example')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open the sandbox mailbox' })).toHaveAttribute(
      'href',
      '/__sim/mail',
    );
    expect(calls.find((c) => c.url === '/api/auth/sign-up/email')?.body).toEqual({
      name: 'Shop',
      email: 'new@shop.example',
      password: 'Str0ng!pass',
      next: '/onboarding',
    });
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign In', selected: true })).toBeInTheDocument();
  });

  it('lands from the confirmation link with both success toasts, then goes where the merchant was heading', async () => {
    installFetch((url) =>
      url === '/api/auth/get-session'
        ? { status: 200, body: { user: { id: 'u1', email: 'new@shop.example', name: 'Shop' }, session: {} } }
        : { status: 204, body: {} },
    );
    renderPage(<AuthPage />, {
      path: '/auth',
      url: '/auth?verified=1&next=%2Fsettings',
      extraRoutes: [{ path: '/settings', element: <h1>Settings page</h1> }],
    });
    expect(await screen.findByRole('heading', { name: 'Settings page' })).toBeInTheDocument();
    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(screen.getByText('Account created successfully!')).toBeInTheDocument();
  });

  it('says what to do when a link has expired', async () => {
    installFetch(signedOut);
    renderPage(<AuthPage />, { path: '/auth', url: '/auth?link=1&error=INVALID_TOKEN' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/expired or was already used/);
  });

  it('emails a sign-in link for the typed address, and pauses sign-in with a clear message', async () => {
    const calls = installFetch((url) => {
      if (url === '/api/auth/sign-in/email') {
        return {
          status: 429,
          body: {
            code: 'ACCOUNT_LOCKED',
            message: 'Too many failed sign-in attempts. Try again in 1 minute.',
          },
        };
      }
      if (url === '/api/auth/sign-in/magic-link') return { status: 200, body: { status: 'check_email' } };
      return signedOut(url);
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'owner@shop.example');
    await user.type(screen.getByLabelText('Password'), 'Wrong!pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign-in is paused for a moment')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/sign-in/magic-link')?.body).toEqual({
      email: 'owner@shop.example',
      next: '/onboarding',
    });
  });

  it('asks for the address before emailing a link', async () => {
    const calls = installFetch(signedOut);
    const user = userEvent.setup();
    renderAuth();
    await user.click(await screen.findByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText(AUTH_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/auth/sign-in/magic-link')).toBe(false);
  });

  it('shows the server message when sign-in fails', async () => {
    installFetch((url) =>
      url === '/api/auth/sign-in/email'
        ? { status: 401, body: { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' } }
        : signedOut(url),
    );
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Wrong!pass1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid email or password')).toBeInTheDocument();
  });
});
