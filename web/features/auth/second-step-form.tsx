import { useState, type ReactNode } from 'react';
import { z } from 'zod';
import type { PhoneCodeSentOutput, SecondStepMethod } from '#common/api/auth';
import { oneTimeCodeSchema, recoveryCodeSchema } from '#common/validation/auth';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { ApiRequestError } from '#web/lib/api-client';
import { useZodForm } from '#web/lib/use-zod-form';
import { sendSignInCodeRequest, type SecondStepCode } from './api';
import { useAuth } from './auth-provider';
import { messageOf } from '#web/lib/error-message';
import { useResendCountdown } from '#web/lib/use-resend-countdown';

const appCodeForm = z.object({ code: oneTimeCodeSchema });
const recoveryCodeForm = z.object({ code: recoveryCodeSchema });

/** Answers after which this pending sign-in cannot go on: the person starts again from the password. */
const ENDED = new Set(['SIGN_IN_EXPIRED', 'INVALID_TWO_FACTOR_COOKIE', 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE']);

const COPY: Record<SecondStepCode, { intro: string; label: string; placeholder: string }> = {
  totp: {
    intro: 'Enter the 6-digit code from your authenticator app.',
    label: 'Authentication code',
    placeholder: '123456',
  },
  recovery: {
    intro:
      'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.',
    label: 'Recovery code',
    placeholder: 'abcde-12345',
  },
  phone: { intro: '', label: 'Code from the text message', placeholder: '123456' },
};

/**
 * The second step of a sign-in with two-factor on: the code from the authenticator app, a code by text
 * message when the account has a verified number ("Text me a code"), or one of the recovery codes.
 */
export function SecondStepForm({
  methods,
  onDone,
  onRestart,
}: {
  methods: SecondStepMethod[];
  onDone: () => void;
  /** Back to email and password, with the reason. */
  onRestart: (reason: string) => void;
}) {
  const [mode, setMode] = useState<SecondStepCode>('totp');
  const texting = useTextedCode(onRestart);
  const choose = (to: SecondStepCode) => {
    setMode(to);
    // The person asked for a text by choosing it; it goes at once.
    if (to === 'phone') void texting.send();
  };
  const others: { label: string; to: SecondStepCode }[] = [
    ...(mode !== 'totp' ? [{ label: 'Use your authenticator app instead', to: 'totp' as const }] : []),
    ...(mode !== 'phone' && methods.includes('phone')
      ? [{ label: 'Text me a code', to: 'phone' as const }]
      : []),
    ...(mode !== 'recovery' ? [{ label: 'Use a recovery code instead', to: 'recovery' as const }] : []),
  ];
  return (
    <CodeForm
      key={mode}
      kind={mode}
      onDone={onDone}
      onRestart={onRestart}
      switches={others.map(({ label, to }) => ({ label, onClick: () => choose(to) }))}
      intro={mode === 'phone' ? <TextedCode {...texting} /> : undefined}
    />
  );
}

function CodeForm({
  kind,
  onDone,
  onRestart,
  switches,
  intro,
}: {
  kind: SecondStepCode;
  onDone: () => void;
  onRestart: (reason: string) => void;
  switches: { label: string; onClick: () => void }[];
  /** Replaces the method's one-line instruction (the texted code's status). */
  intro?: ReactNode;
}) {
  const { finishSignIn } = useAuth();
  const [problem, setProblem] = useState<{ title: string; message: string } | null>(null);
  const form = useZodForm(kind === 'recovery' ? recoveryCodeForm : appCodeForm, {
    defaultValues: { code: '' },
  });
  const copy = COPY[kind];

  const submit = form.handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      await finishSignIn(kind, code);
      onDone();
    } catch (err) {
      const message = messageOf(err, 'The code could not be checked. Try again.');
      if (err instanceof ApiRequestError && ENDED.has(err.code)) return onRestart(message);
      if (err instanceof ApiRequestError && err.code === 'ACCOUNT_LOCKED')
        return setProblem({ title: 'Sign-in is paused for a moment', message });
      form.setError('code', { message });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <div className="text-sm text-slate-600">
        <h2 className="text-base font-semibold text-slate-900">Two-factor authentication</h2>
        {intro ?? <p className="mt-1">{copy.intro}</p>}
      </div>
      {problem && (
        <Alert variant="warning" title={problem.title}>
          {problem.message}
        </Alert>
      )}
      <Field label={copy.label} error={form.formState.errors.code?.message}>
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode={kind === 'recovery' ? 'text' : 'numeric'}
          placeholder={copy.placeholder}
          className="font-mono tracking-widest"
          {...form.register('code')}
        />
      </Field>
      <Button type="submit" size="lg" disabled={form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="grid justify-items-center gap-1">
        {switches.map(({ label, onClick }) => (
          <Button key={label} type="button" variant="link" size="sm" onClick={onClick}>
            {label}
          </Button>
        ))}
      </div>
    </form>
  );
}

/** "Text me a code": sending a code for the pending sign-in, and the wait before another. */
function useTextedCode(onRestart: (reason: string) => void) {
  const countdown = useResendCountdown();
  const [sent, setSent] = useState<PhoneCodeSentOutput | null>(null);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async () => {
    setSending(true);
    setProblem(null);
    try {
      const answer = await sendSignInCodeRequest();
      setSent(answer);
      countdown.start(answer.resendAfterSeconds);
    } catch (err) {
      const message = messageOf(err, 'The code could not be sent. Try again, or use your authenticator app.');
      if (err instanceof ApiRequestError && ENDED.has(err.code)) return onRestart(message);
      setProblem(message);
    } finally {
      setSending(false);
    }
  };
  return { sent, sending, problem, send, waitSeconds: countdown.left };
}

/** Where the code went (or why it did not), and "Send a new code" once the wait is over. */
function TextedCode({ sent, sending, problem, send, waitSeconds }: ReturnType<typeof useTextedCode>) {
  let status: ReactNode = null;
  if (sending && !sent) status = <p className="mt-1">Sending a code to your phone...</p>;
  else if (sent)
    status = (
      <p className="mt-1">
        We texted a 6-digit code to {sent.phone}. It expires in {Math.round(sent.expiresInSeconds / 60)}{' '}
        minutes.
        {sent.sandboxPhone && (
          <>
            {' '}
            Sandbox: read it on the{' '}
            <a
              href={sent.sandboxPhone}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-700 underline underline-offset-2"
            >
              sandbox phone
            </a>
            .
          </>
        )}
      </p>
    );
  return (
    <div aria-live="polite">
      {status}
      {problem && (
        <Alert variant="warning" title="No code was sent" className="mt-3">
          {problem}
        </Alert>
      )}
      {(sent || problem) && (
        <Button
          type="button"
          variant="link"
          size="sm"
          className="mt-1 px-0"
          onClick={() => void send()}
          disabled={sending || waitSeconds > 0}
        >
          {waitSeconds > 0 ? `Send a new code in ${waitSeconds} s` : 'Send a new code'}
        </Button>
      )}
    </div>
  );
}
