import { useState } from 'react';
import { z } from 'zod';
import type { TwoFactorSetupOutput } from '#common/api/auth';
import { oneTimeCodeSchema, passwordConfirmSchema } from '#common/validation/auth';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { QrCodeImage } from '#web/components/ui/qr-code-image';
import { messageOf } from '#web/lib/error-message';
import { useZodForm } from '#web/lib/use-zod-form';
import { useConfirmTwoFactorSetup, useStartTwoFactorSetup } from './two-factor-api';

const passwordForm = z.object({ password: passwordConfirmSchema });
const codeForm = z.object({ code: oneTimeCodeSchema });

/** The base32 secret, in groups of four, for typing into an app that cannot scan. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get('secret') ?? '';
  return secret.match(/.{1,4}/g)?.join(' ') ?? secret;
}

/**
 * Enrolment: the password again, then a QR code (and the secret) for the authenticator app, then one
 * valid code from the app. Only that code turns two-factor sign-in on; the recovery codes are handed up
 * to be shown once it is.
 */
export function TwoFactorSetup({
  onEnabled,
  onCancel,
}: {
  onEnabled(codes: string[]): void;
  onCancel(): void;
}) {
  const [setup, setSetup] = useState<TwoFactorSetupOutput | null>(null);
  return setup ? (
    <ScanAndConfirm setup={setup} onEnabled={() => onEnabled(setup.backupCodes)} onCancel={onCancel} />
  ) : (
    <ConfirmPassword onStarted={setSetup} onCancel={onCancel} />
  );
}

function ConfirmPassword({
  onStarted,
  onCancel,
}: {
  onStarted(setup: TwoFactorSetupOutput): void;
  onCancel(): void;
}) {
  const start = useStartTwoFactorSetup();
  const form = useZodForm(passwordForm, { defaultValues: { password: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      onStarted(await start.mutateAsync(values));
    } catch (err) {
      form.setError('password', { message: messageOf(err, 'Two-factor setup could not start. Try again.') });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="grid max-w-sm gap-4">
      <p className="text-sm text-slate-600">Enter your password to set up an authenticator app.</p>
      <Field label="Password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <div className="flex gap-2">
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Checking...' : 'Continue'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ScanAndConfirm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupOutput;
  onEnabled(): void;
  onCancel(): void;
}) {
  const confirm = useConfirmTwoFactorSetup();
  const form = useZodForm(codeForm, { defaultValues: { code: '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setProblem(null);
    try {
      await confirm.mutateAsync(values);
      onEnabled();
    } catch (err) {
      setProblem(messageOf(err, 'The code could not be checked. Try again.'));
    }
  });
  return (
    <div className="grid gap-6 sm:grid-cols-[11rem_1fr]">
      <QrCodeImage
        value={setup.totpURI}
        label="QR code to scan with your authenticator app"
        className="w-44"
      />
      <form onSubmit={submit} noValidate className="grid content-start gap-4">
        <ol className="grid list-decimal gap-1 pl-5 text-sm text-slate-700">
          <li>Scan the QR code with an authenticator app (1Password, Google Authenticator, Authy…).</li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <div className="text-sm">
          <p className="text-slate-600">Can&apos;t scan? Enter this key in the app instead:</p>
          <p
            className="mt-1 break-all rounded-lg bg-slate-100 px-3 py-2 font-mono text-slate-900"
            data-testid="totp-secret"
          >
            {secretOf(setup.totpURI)}
          </p>
        </div>
        {problem && (
          <Alert variant="error" title="Two-factor sign-in is not on yet">
            {problem}
          </Alert>
        )}
        <Field label="6-digit code" error={form.formState.errors.code?.message}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            className="max-w-40 font-mono tracking-widest"
            {...form.register('code')}
          />
        </Field>
        <div className="flex gap-2">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? 'Verifying...' : 'Verify and turn on'}
          </Button>
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}
