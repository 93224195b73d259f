import { z } from 'zod';
import { toast } from 'sonner';
import { anySecondFactorCodeSchema, passwordConfirmSchema } from '#common/validation/auth';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { messageOf } from '#web/features/auth/error-message';
import { ApiRequestError } from '#web/lib/api-client';
import { useZodForm } from '#web/lib/use-zod-form';
import { useNewRecoveryCodes, useTurnOffTwoFactor } from './two-factor-api';

const turnOffForm = z.object({ password: passwordConfirmSchema, code: anySecondFactorCodeSchema });
const passwordForm = z.object({ password: passwordConfirmSchema });

const FALLBACK = 'That did not work. Try again.';
const wrongPassword = (err: unknown) => err instanceof ApiRequestError && err.code === 'INVALID_PASSWORD';

/** Turning two-factor off: the password and a code from the app (or a recovery code). */
export function TurnOffDialog({ open, onOpenChange }: { open: boolean; onOpenChange(open: boolean): void }) {
  const turnOff = useTurnOffTwoFactor();
  const form = useZodForm(turnOffForm, { defaultValues: { password: '', code: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      await turnOff.mutateAsync(values);
      toast.success('Two-factor sign-in is off', {
        description: 'Your password alone now signs you in. Your recovery codes no longer work.',
      });
      form.reset();
      onOpenChange(false);
    } catch (err) {
      form.setError(wrongPassword(err) ? 'password' : 'code', { message: messageOf(err, FALLBACK) });
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
        <DialogDescription>
          Anyone with your password could then sign in. Confirm with your password and a code from your
          authenticator app, or one of your recovery codes.
        </DialogDescription>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <Field label="Password" error={form.formState.errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </Field>
          <Field label="Authentication code or recovery code" error={form.formState.errors.code?.message}>
            <Input autoComplete="one-time-code" className="font-mono" {...form.register('code')} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Keep it on
            </Button>
            <Button type="submit" variant="destructive" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Turning off...' : 'Turn off'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Ten fresh recovery codes after the password; the old ones stop working. */
export function NewRecoveryCodesDialog({
  open,
  onOpenChange,
  onCodes,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCodes(codes: string[]): void;
}) {
  const regenerate = useNewRecoveryCodes();
  const form = useZodForm(passwordForm, { defaultValues: { password: '' } });
  const submit = form.handleSubmit(async (values) => {
    try {
      const { backupCodes } = await regenerate.mutateAsync(values);
      form.reset();
      onOpenChange(false);
      onCodes(backupCodes);
    } catch (err) {
      form.setError('password', { message: messageOf(err, FALLBACK) });
    }
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Generate new recovery codes?</DialogTitle>
        <DialogDescription>Your current recovery codes will stop working.</DialogDescription>
        <form onSubmit={submit} noValidate className="mt-4 grid gap-4">
          <Field label="Password" error={form.formState.errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...form.register('password')} />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={form.formState.isSubmitting}>
              {form.formState.isSubmitting ? 'Generating...' : 'Generate new codes'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
