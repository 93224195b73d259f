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

  it('asks for the second step after a right password, takes a recovery code, then goes on', async () => {
    let signedIn = false;
    const calls = installFetch((url) => {
      if (url === '/api/auth/get-session')
        return { status: 200, body: signedIn ? { user: { id: 'u1', email: 'a@b.co', name: 'A' } } : null };
      if (url === '/api/auth/sign-in/email')
        return { status: 200, body: { status: 'second_step', methods: ['totp'] } };
      if (url === '/api/auth/two-factor/verify-totp')
        return {
          status: 401,
          body: {
            error: { code: 'CODE_ALREADY_USED', message: 'That code has already been used.', requestId: 'r' },
          },
        };
      if (url === '/api/auth/two-factor/verify-backup-code') {
        signedIn = true;
        return { status: 200, body: { user: { id: 'u1' } } };
      }
      return signedOut(url);
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('That code has already been used.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/auth/two-factor/verify-backup-code')?.body).toEqual({
      code: 'abcde-12345',
    });
  });

  it('offers "Text me a code" when the account has a verified number, and signs in with the texted code', async () => {
    let signedIn = false;
    const calls = installFetch((url) => {
      if (url === '/api/auth/get-session')
        return { status: 200, body: signedIn ? { user: { id: 'u1', email: 'a@b.co', name: 'A' } } : null };
      if (url === '/api/auth/sign-in/email')
        return { status: 200, body: { status: 'second_step', methods: ['totp', 'phone'] } };
      if (url === '/api/auth/two-factor/send-otp')
        return {
          status: 200,
          body: {
            status: 'code_sent',
            phone: '+44 •••• 123',
            expiresInSeconds: 300,
            resendAfterSeconds: 30,
            sandboxPhone: '/__sim/sms',
          },
        };
      if (url === '/api/auth/two-factor/verify-otp') {
        signedIn = true;
        return { status: 200, body: { user: { id: 'u1' } } };
      }
      return signedOut(url);
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Text me a code' }));
    expect(
      await screen.findByText(/We texted a 6-digit code to \+44 •••• 123\. It expires in 5 minutes\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sandbox phone' })).toHaveAttribute('href', '/__sim/sms');
    expect(screen.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Use your authenticator app instead' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the text message'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('heading', { name: 'Onboarding page' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/auth/two-factor/send-otp')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/auth/two-factor/verify-otp')?.body).toEqual({ code: '654321' });
  });

  it('does not offer a text to an account without a verified number', async () => {
    installFetch((url) => {
      if (url === '/api/auth/sign-in/email')
        return { status: 200, body: { status: 'second_step', methods: ['totp'] } };
      return signedOut(url);
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
  });

  it('offers "Text me a code" after a sign-in link when the landing names the phone, and only then', async () => {
    installFetch(signedOut);
    const link = renderPage(<AuthPage />, { path: '/auth', url: '/auth?link=1&second_step=totp,phone' });
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Text me a code' })).toBeInTheDocument();
    expect(screen.queryByText('That link did not work')).not.toBeInTheDocument();
    link.unmount();

    renderPage(<AuthPage />, { path: '/auth', url: '/auth?link=1&second_step=totp' });
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code instead' })).toBeInTheDocument();
  });

  it('starts again from the password when the pending sign-in has expired', async () => {
    installFetch((url) => {
      if (url === '/api/auth/sign-in/email')
        return { status: 200, body: { status: 'second_step', methods: ['totp'] } };
      if (url === '/api/auth/two-factor/verify-totp')
        return {
          status: 401,
          body: { error: { code: 'SIGN_IN_EXPIRED', message: 'Your sign-in has expired.', requestId: 'r' } },
        };
      return signedOut(url);
    });
    const user = userEvent.setup();
    renderAuth();
    await user.type(await screen.findByLabelText('Email'), 'merchant@example.com');
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Your sign-in has expired.')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
  });
});
