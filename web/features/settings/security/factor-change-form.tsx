import { useState, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { PhoneCodeSentOutput } from '#common/api/auth';
import { factorChangeSchema } from '#common/validation/auth';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { messageOf } from '#web/lib/error-message';
import { useResendCountdown } from '#web/lib/use-resend-countdown';
import { ApiRequestError } from '#web/lib/api-client';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSendPhoneCode } from './two-factor-api';

export type FactorMethod = 'totp' | 'phone';
export type FactorChangeValues = z.output<typeof factorChangeSchema>;

const FALLBACK = 'That did not work. Try again.';

/** Where a change's error belongs: a wrong password under the password, anything else under the code. */
export const changeErrorField = (err: unknown): 'password' | 'code' =>
  err instanceof ApiRequestError && err.code === 'INVALID_PASSWORD' ? 'password' : 'code';

/** What confirms a change, as a dialog says it: with "a code we text you" when one can be sent. */
export const confirmWith = (textable: boolean) =>
  textable
    ? 'Confirm with your password and a code from your authenticator app, one of your recovery codes, or a code we text you.'
    : 'Confirm with your password and a code from your authenticator app or one of your recovery codes.';

/**
 * A change to the second factors (turning two-factor off, new recovery codes, removing the number): the
 * password and a fresh second factor, with "Text me a code" when `textable`, then the dialog's buttons.
 * A refusal is shown under the field it is about; `onConfirm` makes the change.
 */
export function FactorChangeForm({
  textable,
  onConfirm,
  actions,
}: {
  /** The account has a verified number a code can be texted to. */
  textable: boolean;
  onConfirm(values: FactorChangeValues): Promise<void>;
  actions(submitting: boolean): ReactNode;
}) {
  const form = useZodForm(factorChangeSchema, { defaultValues: { password: '', code: '', method: 'totp' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onConfirm(values);
    } catch (err) {
      form.setError(changeErrorField(err), { message: messageOf(err, FALLBACK) });
    }
  });
  const method = form.watch('method') ?? 'totp';
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
      <Field label="Password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <FreshFactorField
        input={form.register('code')}
        error={form.formState.errors.code?.message}
        texting={
          textable
            ? {
                method,
                onMethod: (next) => {
                  form.setValue('method', next);
                  form.clearErrors('code');
                },
              }
            : undefined
        }
      />
      <div className="flex justify-end gap-2">{actions(form.formState.isSubmitting)}</div>
    </form>
  );
}

/**
 * The fresh second factor a change to the second factors is confirmed with, beside the password: a code
 * from the authenticator app or a recovery code. With `texting` (the account has a verified number),
 * "Text me a code" sends one to it for this change, and the field then takes that code.
 */
export function FreshFactorField({
  input,
  error,
  texting,
}: {
  input: UseFormRegisterReturn;
  error?: string;
  texting?: { method: FactorMethod; onMethod(method: FactorMethod): void };
}) {
  const send = useSendPhoneCode();
  const countdown = useResendCountdown();
  const [sent, setSent] = useState<PhoneCodeSentOutput | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const texted = texting?.method === 'phone';

  const sendCode = async () => {
    setProblem(null);
    try {
      const answer = await send.mutateAsync();
      setSent(answer);
      countdown.start(answer.resendAfterSeconds);
    } catch (err) {
      setProblem(messageOf(err, 'The code could not be sent. Try again, or use your authenticator app.'));
    }
  };
  // Back to texting after switching away: the code already sent still works ("Send a new code" is there).
  const textMe = () => {
    texting?.onMethod('phone');
    if (!sent) void sendCode();
  };

  return (
    <div className="grid gap-2">
      <Field
        label={texted ? 'Code from the text message' : 'Authentication code or recovery code'}
        error={error}
      >
        <Input
          autoComplete="one-time-code"
          inputMode={texted ? 'numeric' : 'text'}
          placeholder={texted ? '123456' : undefined}
          className="font-mono"
          {...input}
        />
      </Field>
      {texting && (
        <div aria-live="polite" className="grid justify-items-start gap-1 text-sm text-slate-600">
          {texted && send.isPending && !sent && <p>Sending a code to your phone...</p>}
          {texted && sent && (
            <p>
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
          )}
          {texted && problem && (
            <Alert variant="warning" title="No code was sent">
              {problem}
            </Alert>
          )}
          {texted ? (
            <>
              {(sent || problem) && (
                <Button
                  type="button"
                  variant="link"
                  size="sm"
                  className="h-auto whitespace-normal px-0 text-left"
                  onClick={() => void sendCode()}
                  disabled={send.isPending || countdown.left > 0}
                >
                  {countdown.left > 0 ? `Send a new code in ${countdown.left} s` : 'Send a new code'}
                </Button>
              )}
              <Button
                type="button"
                variant="link"
                size="sm"
                className="h-auto whitespace-normal px-0 text-left"
                onClick={() => texting.onMethod('totp')}
              >
                Use your authenticator app or a recovery code instead
              </Button>
            </>
          ) : (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto whitespace-normal px-0 text-left"
              onClick={textMe}
            >
              Text me a code
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
