import { useEffect, useState } from 'react';
import { MessageSquareText } from 'lucide-react';
import { toast } from 'sonner';
import { z } from 'zod';
import type { FactorView, PhoneCodeSentOutput } from '#common/api/auth';
import { addPhoneFactorSchema, oneTimeCodeSchema } from '#common/validation/auth';
import { Alert } from '#web/components/ui/alert';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { messageOf } from '#web/lib/error-message';
import { useResendCountdown } from '#web/lib/use-resend-countdown';
import { ApiRequestError } from '#web/lib/api-client';
import { useZodForm } from '#web/lib/use-zod-form';
import { changeErrorField, confirmWith, FactorChangeForm, FreshFactorField } from './factor-change-form';
import {
  useAddPhoneNumber,
  useRemovePhoneNumber,
  useSendPhoneCode,
  useVerifyPhoneNumber,
} from './two-factor-api';

type PhoneFactor = Extract<FactorView, { factorType: 'phone' }>;

const FALLBACK = 'That did not work. Try again.';
const codeForm = z.object({ code: oneTimeCodeSchema });

/**
 * Settings › Security › two-factor: codes by text message, a backup beside the authenticator app (never
 * instead of it). Add a number, verify it with a texted code, or remove it.
 */
export function PhoneFactorItem({
  factor,
  textable,
}: {
  factor: PhoneFactor | undefined;
  /** The number is verified: a code can be texted to it to confirm removing it. */
  textable: boolean;
}) {
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState(false);
  const verified = factor?.status === 'verified';
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <MessageSquareText aria-hidden="true" className="size-5 text-slate-500" />
      {/* Wide enough to read on a phone; the badge and the buttons wrap below it there. */}
      <div className="min-w-0 flex-1 basis-56">
        <p className="font-medium text-slate-900">
          Text message
          {factor ? (
            <span className="whitespace-nowrap font-normal text-slate-600"> · {factor.phone}</span>
          ) : null}
        </p>
        <p className="text-slate-600">
          A backup for when your app is not at hand. Your authenticator app is stronger: a text can be
          intercepted, or moved to another SIM.
        </p>
      </div>
      {factor && (
        <Badge variant={verified ? 'success' : 'warning'}>{verified ? 'Verified' : 'Not verified'}</Badge>
      )}
      <div className="flex gap-2">
        {!verified && (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            {factor ? 'Verify number' : 'Add phone number'}
          </Button>
        )}
        {factor && (
          <Button variant="ghost" size="sm" onClick={() => setRemoving(true)}>
            Remove
          </Button>
        )}
      </div>
      <AddPhoneDialog
        open={adding}
        onOpenChange={setAdding}
        pending={factor && !verified ? factor : undefined}
      />
      <RemovePhoneDialog open={removing} onOpenChange={setRemoving} textable={textable} />
    </li>
  );
}

/** Adding a number: the number and the password, then the code texted to it. */
function AddPhoneDialog({
  open,
  onOpenChange,
  pending,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** A number added earlier and not verified yet: the dialog starts at the code. */
  pending: PhoneFactor | undefined;
}) {
  const [sent, setSent] = useState<PhoneCodeSentOutput | null>(null);
  const close = () => {
    setSent(null);
    onOpenChange(false);
  };
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent>
        <DialogTitle>{pending || sent ? 'Verify your phone number' : 'Add a phone number'}</DialogTitle>
        <DialogDescription>
          {pending || sent
            ? `Enter the 6-digit code we texted to ${sent?.phone ?? pending?.phone}.`
            : `We will text a 6-digit code to this number to check it is yours. Standard message rates may apply. ${confirmWith(false)}`}
        </DialogDescription>
        {pending || sent ? (
          <VerifyPhoneForm sent={sent} onSent={setSent} onDone={close} />
        ) : (
          <NumberForm onSent={setSent} onCancel={close} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function NumberForm({ onSent, onCancel }: { onSent(sent: PhoneCodeSentOutput): void; onCancel(): void }) {
  const add = useAddPhoneNumber();
  const send = useSendPhoneCode();
  const form = useZodForm(addPhoneFactorSchema, {
    defaultValues: { phoneNumber: '', password: '', code: '', method: 'totp' },
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
    } catch (err) {
      // The number's own problems (its format, one already set) go under it; the rest under their field.
      const field =
        err instanceof ApiRequestError && (err.fieldErrors.phoneNumber || err.status === 409)
          ? 'phoneNumber'
          : changeErrorField(err);
      return form.setError(field, { message: messageOf(err, FALLBACK) });
    }
    try {
      onSent(await send.mutateAsync());
    } catch (err) {
      form.setError('phoneNumber', { message: messageOf(err, FALLBACK) });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
      <Field
        label="Mobile number"
        hint="In international format, starting with + and your country code."
        error={form.formState.errors.phoneNumber?.message}
      >
        <Input type="tel" autoComplete="tel" placeholder="+447700900123" {...form.register('phoneNumber')} />
      </Field>
      <Field label="Password" error={form.formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('password')} />
      </Field>
      <FreshFactorField input={form.register('code')} error={form.formState.errors.code?.message} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Sending code...' : 'Send code'}
        </Button>
      </div>
    </form>
  );
}

function VerifyPhoneForm({
  sent,
  onSent,
  onDone,
}: {
  sent: PhoneCodeSentOutput | null;
  onSent(sent: PhoneCodeSentOutput): void;
  onDone(): void;
}) {
  const verify = useVerifyPhoneNumber();
  const send = useSendPhoneCode();
  const countdown = useResendCountdown();
  const [sendProblem, setSendProblem] = useState<string | null>(null);
  const form = useZodForm(codeForm, { defaultValues: { code: '' } });
  const startCountdown = countdown.start;
  // Each code sent starts the server's resend wait.
  useEffect(() => {
    if (sent) startCountdown(sent.resendAfterSeconds);
  }, [sent, startCountdown]);

  const resend = async () => {
    setSendProblem(null);
    try {
      onSent(await send.mutateAsync());
    } catch (err) {
      setSendProblem(messageOf(err, FALLBACK));
    }
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await verify.mutateAsync(values);
      toast.success('Phone number verified', {
        description: 'You can now ask for a code by text message when you sign in.',
      });
      onDone();
    } catch (err) {
      form.setError('code', { message: messageOf(err, FALLBACK) });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
      {sendProblem && (
        <Alert variant="warning" title="No code was sent">
          {sendProblem}
        </Alert>
      )}
      {sent?.sandboxPhone && (
        <p className="text-sm text-slate-600">
          Sandbox: nothing leaves this machine. Read the text on the{' '}
          <a
            href={sent.sandboxPhone}
            target="_blank"
            rel="noreferrer"
            className="font-medium text-brand-700 underline underline-offset-2"
          >
            sandbox phone
          </a>
          .
        </p>
      )}
      <Field label="Code from the text message" error={form.formState.errors.code?.message}>
        <Input
          autoFocus
          autoComplete="one-time-code"
          inputMode="numeric"
          placeholder="123456"
          className="font-mono tracking-widest"
          {...form.register('code')}
        />
      </Field>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          type="button"
          variant="link"
          size="sm"
          onClick={resend}
          disabled={countdown.left > 0 || send.isPending}
        >
          {countdown.left > 0
            ? `Send a new code in ${countdown.left} s`
            : sent
              ? 'Send a new code'
              : 'Send code'}
        </Button>
        <Button type="submit" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? 'Verifying...' : 'Verify number'}
        </Button>
      </div>
    </form>
  );
}

/** Removing the number: the password and a fresh second factor (a code texted to it too, if verified). */
function RemovePhoneDialog({
  open,
  onOpenChange,
  textable,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  textable: boolean;
}) {
  const remove = useRemovePhoneNumber();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Remove your phone number?</DialogTitle>
        <DialogDescription>
          Sign-in codes will no longer be sent by text message. {confirmWith(textable)}
        </DialogDescription>
        <FactorChangeForm
          textable={textable}
          onConfirm={async (values) => {
            await remove.mutateAsync(values);
            toast.success('Phone number removed', {
              description: 'Codes will no longer be sent by text message.',
            });
            onOpenChange(false);
          }}
          actions={(submitting) => (
            <>
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                Keep it
              </Button>
              <Button type="submit" variant="destructive" disabled={submitting}>
                {submitting ? 'Removing...' : 'Remove number'}
              </Button>
            </>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}
