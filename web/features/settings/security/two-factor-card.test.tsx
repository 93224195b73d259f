import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TwoFactorStatusOutput } from '#common/api/auth';
import { TWO_FACTOR_MESSAGES } from '#common/validation/auth';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { TwoFactorCard } from './two-factor-card';

const OFF: TwoFactorStatusOutput = {
  enabled: false,
  factors: [],
  recoveryCodesRemaining: null,
  phoneAvailable: false,
};
const ON: TwoFactorStatusOutput = {
  enabled: true,
  factors: [
    { factorType: 'totp', status: 'verified', friendlyName: 'Authenticator app', issuer: 'AgentCart' },
  ],
  recoveryCodesRemaining: 2,
  phoneAvailable: false,
};
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const URI = 'otpauth://totp/AgentCart:a%40b.co?secret=JBSWY3DPEHPK3PXP&issuer=AgentCart&digits=6&period=30';

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, string>;

afterEach(() => vi.unstubAllGlobals());

describe('TwoFactorCard', () => {
  it('enrols: password, QR code and secret, a valid code, then the recovery codes once with the notice', async () => {
    let status = OFF;
    const sent: Record<string, unknown>[] = [];
    stubFetch({
      signedIn: true,
      routes: {
        '/api/account/two-factor': () => json(status),
        '/api/auth/two-factor/enable': (init) => {
          sent.push(bodyOf(init));
          return json({ totpURI: URI, backupCodes: CODES });
        },
        '/api/auth/two-factor/verify-totp': (init) => {
          if (bodyOf(init).code !== '123456')
            return json(
              { error: { code: 'INVALID_CODE', message: 'That code is not right.', requestId: 'r' } },
              401,
            );
          status = { ...ON, recoveryCodesRemaining: 10 };
          return json({ user: {} });
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorCard />, { path: '/settings' });

    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Two-factor authentication' }));
    // During setup the card says so, with no switch that looks on beside a Disabled badge.
    expect(screen.getByText('Setting up')).toBeInTheDocument();
    expect(screen.queryByText('Disabled')).not.toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: 'Two-factor authentication' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'Str0ng!pass');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(sent).toEqual([{ password: 'Str0ng!pass' }]);

    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: /QR code/ })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    const code = screen.getByLabelText('6-digit code');
    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));
    expect(await screen.findByText('That code is not right.')).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123 456');
    await user.click(screen.getByRole('button', { name: 'Verify and turn on' }));

    expect(await screen.findByText(/Recovery codes were generated/)).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(screen.getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(await screen.findByText('Enabled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I have saved my codes' }));
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    // On, and not greyed out: the switch can be used to turn it off.
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Two-factor authentication' })).toBeEnabled();
    expect(screen.getByText('Authenticator app')).toBeInTheDocument();
  });

  it('turns off with the password and a code, and says which one was wrong', async () => {
    let status = ON;
    const sent: Record<string, string>[] = [];
    stubFetch({
      signedIn: true,
      routes: {
        '/api/account/two-factor': () => json(status),
        '/api/auth/two-factor/disable': (init) => {
          const body = bodyOf(init);
          sent.push(body);
          if (body.password !== 'Str0ng!pass')
            return json(
              { error: { code: 'INVALID_PASSWORD', message: 'That password is not right.', requestId: 'r' } },
              400,
            );
          if (body.code !== '123456')
            return json(
              { error: { code: 'INVALID_CODE', message: 'That code is not right.', requestId: 'r' } },
              401,
            );
          status = OFF;
          return json({ status: true });
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorCard />, { path: '/settings' });

    expect(
      await screen.findByText('2 of 10 left: generate new ones before you run out.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Two-factor authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
    // No number on this account: nothing can be texted.
    expect(within(dialog).queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'Str0ng!pass');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.codeRequired)).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Wr0ng!pass');
    await user.type(within(dialog).getByLabelText('Authentication code or recovery code'), '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('That password is not right.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'Str0ng!pass');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('That code is not right.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Authentication code or recovery code'));
    await user.type(within(dialog).getByLabelText('Authentication code or recovery code'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Disabled')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ password: 'Str0ng!pass', code: '123456', method: 'totp' });
  });

  it('asks for the password and a code before generating new recovery codes', async () => {
    const sent: Record<string, string>[] = [];
    stubFetch({
      signedIn: true,
      routes: {
        '/api/account/two-factor': () => json(ON),
        '/api/auth/two-factor/generate-backup-codes': (init) => {
          const body = bodyOf(init);
          sent.push(body);
          if (body.code !== 'abcde-12345')
            return json(
              {
                error: {
                  code: 'INVALID_BACKUP_CODE',
                  message: 'That recovery code is not right, or it has already been used.',
                  requestId: 'r',
                },
              },
              401,
            );
          return json({ backupCodes: CODES });
        },
      },
    });
    const user = userEvent.setup();
    renderPage(<TwoFactorCard />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
    expect(
      within(dialog).getByText(/Confirm with your password and a code from your authenticator app or one of/),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'Str0ng!pass');
    await user.type(within(dialog).getByLabelText('Authentication code or recovery code'), 'zzzzz-99999');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    expect(
      await within(dialog).findByText('That recovery code is not right, or it has already been used.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Authentication code or recovery code'));
    await user.type(within(dialog).getByLabelText('Authentication code or recovery code'), 'abcde-12345');
    await user.click(within(dialog).getByRole('button', { name: 'Generate new codes' }));
    expect(await screen.findByText(/Recovery codes were generated/)).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ password: 'Str0ng!pass', code: 'abcde-12345', method: 'totp' });
  });

  it('says when the status cannot be loaded, and retries', async () => {
    stubFetch({
      signedIn: true,
      routes: {
        '/api/account/two-factor': () =>
          json({ error: { code: 'internal', message: 'Database unavailable', requestId: 'r' } }, 503),
      },
    });
    renderPage(<TwoFactorCard />, { path: '/settings' });
    expect(await screen.findByText('Two-factor sign-in could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  describe('codes by text message', () => {
    const WITH_SMS: TwoFactorStatusOutput = { ...ON, phoneAvailable: true };
    const PENDING = {
      factorType: 'phone' as const,
      status: 'unverified' as const,
      friendlyName: 'Text message',
      phone: '+44 •••• 123',
    };
    const SENT = {
      status: 'code_sent',
      phone: '+44 •••• 123',
      expiresInSeconds: 300,
      resendAfterSeconds: 30,
    };

    it('is not offered when SMS is unavailable, and is offered beside the app with the note that the app is stronger', async () => {
      stubFetch({ signedIn: true, routes: { '/api/account/two-factor': () => json(ON) } });
      const { unmount } = renderPage(<TwoFactorCard />, { path: '/settings' });
      expect(await screen.findByText('Authenticator app')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Add phone number' })).not.toBeInTheDocument();
      unmount();
      vi.unstubAllGlobals();

      stubFetch({ signedIn: true, routes: { '/api/account/two-factor': () => json(WITH_SMS) } });
      renderPage(<TwoFactorCard />, { path: '/settings' });
      expect(await screen.findByRole('button', { name: 'Add phone number' })).toBeInTheDocument();
      expect(screen.getByText('Authenticator app')).toBeInTheDocument();
      expect(screen.getByText(/Your authenticator app is stronger/)).toBeInTheDocument();
    });

    it('adds a number (international format), then verifies it with the texted code', async () => {
      let status = WITH_SMS;
      const calls: string[] = [];
      stubFetch({
        signedIn: true,
        routes: {
          '/api/account/two-factor': () => json(status),
          '/api/account/two-factor/phone': (init) => {
            calls.push(`add ${JSON.stringify(bodyOf(init))}`);
            status = { ...WITH_SMS, factors: [...WITH_SMS.factors, PENDING] };
            return json({ status: 'pending', phone: '+44 •••• 123' });
          },
          '/api/auth/two-factor/send-otp': () => {
            calls.push('send');
            return json(SENT);
          },
          '/api/auth/two-factor/verify-otp': (init) => {
            if (bodyOf(init).code !== '654321')
              return json(
                {
                  error: {
                    code: 'INVALID_CODE',
                    message:
                      'That code is not right. Enter the 6-digit code from the latest text we sent you.',
                    requestId: 'r',
                  },
                },
                401,
              );
            status = { ...WITH_SMS, factors: [...WITH_SMS.factors, { ...PENDING, status: 'verified' }] };
            return json({ status: 'verified' });
          },
        },
      });
      const user = userEvent.setup();
      renderPage(<TwoFactorCard />, { path: '/settings' });
      await user.click(await screen.findByRole('button', { name: 'Add phone number' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add a phone number' });
      await user.type(within(dialog).getByLabelText('Mobile number'), '07700 900123');
      await user.type(within(dialog).getByLabelText('Password'), 'Str0ng!pass');
      await user.type(within(dialog).getByLabelText('Authentication code or recovery code'), '123456');
      // A number is added with a code from the app (or a recovery code): none can be texted yet.
      expect(within(dialog).queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
      expect(await within(dialog).findByText(TWO_FACTOR_MESSAGES.phoneFormat)).toBeInTheDocument();
      expect(calls).toEqual([]);

      await user.clear(within(dialog).getByLabelText('Mobile number'));
      await user.type(within(dialog).getByLabelText('Mobile number'), '+44 7700 900123');
      await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
      const verifying = await screen.findByRole('dialog', { name: 'Verify your phone number' });
      expect(
        within(verifying).getByText('Enter the 6-digit code we texted to +44 •••• 123.'),
      ).toBeInTheDocument();
      expect(calls).toEqual([
        `add ${JSON.stringify({ phoneNumber: '+447700900123', password: 'Str0ng!pass', code: '123456', method: 'totp' })}`,
        'send',
      ]);
      expect(within(verifying).getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();

      await user.type(within(verifying).getByLabelText('Code from the text message'), '000000');
      await user.click(within(verifying).getByRole('button', { name: 'Verify number' }));
      expect(await within(verifying).findByText(/That code is not right/)).toBeInTheDocument();
      await user.clear(within(verifying).getByLabelText('Code from the text message'));
      await user.type(within(verifying).getByLabelText('Code from the text message'), '654321');
      await user.click(within(verifying).getByRole('button', { name: 'Verify number' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(screen.getAllByText('Verified', { exact: true })).toHaveLength(2));
      expect(screen.queryByRole('button', { name: 'Add phone number' })).not.toBeInTheDocument();
    });

    it('says why no code was sent, and removes the number with the password and an app code', async () => {
      let status: TwoFactorStatusOutput = { ...WITH_SMS, factors: [...WITH_SMS.factors, PENDING] };
      const removals: Record<string, string>[] = [];
      stubFetch({
        signedIn: true,
        routes: {
          '/api/account/two-factor': () => json(status),
          '/api/auth/two-factor/send-otp': () =>
            json(
              {
                error: {
                  code: 'SMS_RESEND_TOO_SOON',
                  message: 'Wait 12 seconds before sending another code.',
                  requestId: 'r',
                },
              },
              429,
            ),
          '/api/account/two-factor/phone/remove': (init) => {
            removals.push(bodyOf(init));
            if (bodyOf(init).code !== '123456')
              return json(
                { error: { code: 'INVALID_CODE', message: 'That code is not right.', requestId: 'r' } },
                401,
              );
            status = WITH_SMS;
            return json({ status: 'removed' });
          },
        },
      });
      const user = userEvent.setup();
      renderPage(<TwoFactorCard />, { path: '/settings' });
      expect(await screen.findByText('Not verified')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Verify number' }));
      const verifying = await screen.findByRole('dialog', { name: 'Verify your phone number' });
      await user.click(within(verifying).getByRole('button', { name: 'Send code' }));
      expect(
        await within(verifying).findByText('Wait 12 seconds before sending another code.'),
      ).toBeInTheDocument();
      await user.keyboard('{Escape}');

      await user.click(screen.getByRole('button', { name: 'Remove' }));
      const removing = await screen.findByRole('dialog', { name: 'Remove your phone number?' });
      // The number is not verified: no code can be texted to it.
      expect(within(removing).queryByRole('button', { name: 'Text me a code' })).not.toBeInTheDocument();
      await user.type(within(removing).getByLabelText('Password'), 'Str0ng!pass');
      await user.type(within(removing).getByLabelText('Authentication code or recovery code'), '999999');
      await user.click(within(removing).getByRole('button', { name: 'Remove number' }));
      expect(await within(removing).findByText('That code is not right.')).toBeInTheDocument();
      await user.clear(within(removing).getByLabelText('Authentication code or recovery code'));
      await user.type(within(removing).getByLabelText('Authentication code or recovery code'), '123456');
      await user.click(within(removing).getByRole('button', { name: 'Remove number' }));
      expect(await screen.findByRole('button', { name: 'Add phone number' })).toBeInTheDocument();
      expect(removals.at(-1)).toEqual({ password: 'Str0ng!pass', code: '123456', method: 'totp' });
    });

    it('offers "Text me a code" to confirm a change when the number is verified, and says why none was sent', async () => {
      let status: TwoFactorStatusOutput = {
        ...WITH_SMS,
        factors: [...WITH_SMS.factors, { ...PENDING, status: 'verified' }],
      };
      let sends = 0;
      const sent: Record<string, string>[] = [];
      stubFetch({
        signedIn: true,
        routes: {
          '/api/account/two-factor': () => json(status),
          '/api/auth/two-factor/send-otp': () => {
            sends += 1;
            if (sends === 1)
              return json(
                {
                  error: {
                    code: 'SMS_UNAVAILABLE',
                    message:
                      'Text messages cannot be sent right now. Try again in a few minutes, or use your authenticator app.',
                    requestId: 'r',
                  },
                },
                503,
              );
            return json({ ...SENT, resendAfterSeconds: 0, sandboxPhone: '/__sim/sms' });
          },
          '/api/auth/two-factor/disable': (init) => {
            sent.push(bodyOf(init));
            if (bodyOf(init).code !== '654321')
              return json(
                {
                  error: {
                    code: 'SMS_CODE_EXPIRED',
                    message: 'That code has expired or has already been used. Send a new code.',
                    requestId: 'r',
                  },
                },
                400,
              );
            status = OFF;
            return json({ status: true });
          },
        },
      });
      const user = userEvent.setup();
      renderPage(<TwoFactorCard />, { path: '/settings' });
      await user.click(await screen.findByRole('switch', { name: 'Two-factor authentication' }));
      const dialog = await screen.findByRole('dialog', { name: 'Turn off two-factor sign-in?' });
      expect(within(dialog).getByText(/or a code we text you\./)).toBeInTheDocument();
      await user.type(within(dialog).getByLabelText('Password'), 'Str0ng!pass');

      await user.click(within(dialog).getByRole('button', { name: 'Text me a code' }));
      expect(await within(dialog).findByText('No code was sent')).toBeInTheDocument();
      expect(within(dialog).getByText(/Text messages cannot be sent right now/)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
      expect(
        await within(dialog).findByText(
          /We texted a 6-digit code to \+44 •••• 123\. It expires in 5 minutes\./,
        ),
      ).toBeInTheDocument();
      expect(within(dialog).getByRole('link', { name: 'sandbox phone' })).toHaveAttribute(
        'href',
        '/__sim/sms',
      );

      const code = within(dialog).getByLabelText('Code from the text message');
      await user.type(code, '111111');
      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      expect(
        await within(dialog).findByText('That code has expired or has already been used. Send a new code.'),
      ).toBeInTheDocument();
      await user.clear(code);
      await user.type(code, '654321');
      await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(sent.at(-1)).toEqual({ password: 'Str0ng!pass', code: '654321', method: 'phone' });
      expect(await screen.findByText('Disabled')).toBeInTheDocument();
    });

    it('goes back from a texted code to the app or a recovery code, and forth', async () => {
      let sends = 0;
      stubFetch({
        signedIn: true,
        routes: {
          '/api/account/two-factor': () =>
            json({ ...WITH_SMS, factors: [...WITH_SMS.factors, { ...PENDING, status: 'verified' }] }),
          '/api/auth/two-factor/send-otp': () => {
            sends += 1;
            return json(SENT);
          },
        },
      });
      const user = userEvent.setup();
      renderPage(<TwoFactorCard />, { path: '/settings' });
      await user.click(await screen.findByRole('button', { name: 'New recovery codes' }));
      const dialog = await screen.findByRole('dialog', { name: 'Generate new recovery codes?' });
      await user.click(within(dialog).getByRole('button', { name: 'Text me a code' }));
      expect(await within(dialog).findByLabelText('Code from the text message')).toBeInTheDocument();
      await user.click(
        within(dialog).getByRole('button', { name: 'Use your authenticator app or a recovery code instead' }),
      );
      expect(within(dialog).getByLabelText('Authentication code or recovery code')).toBeInTheDocument();
      // Texting again shows the code already sent rather than sending another.
      await user.click(within(dialog).getByRole('button', { name: 'Text me a code' }));
      expect(within(dialog).getByText(/We texted a 6-digit code to \+44 •••• 123\./)).toBeInTheDocument();
      expect(sends).toBe(1);
    });
  });
});
