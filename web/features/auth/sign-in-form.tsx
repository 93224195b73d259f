import type { SecondStepMethod } from '#common/api/auth';
import { useState } from 'react';
import { toast } from 'sonner';
import { signInSchema } from '#common/validation/auth';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { ApiRequestError } from '#web/lib/api-client';
import { useRequestSignInLink } from './api/request-sign-in-link';
import { useAuth } from './auth-provider';
import type { SentEmail } from './check-email-panel';
import { messageOf } from '#web/lib/error-message';
import { useAuthForm } from './use-auth-form';

/**
 * Email and password, and the owner's way in when the password does not work or sign-in is paused after
 * failed attempts: a one-time sign-in link by e-mail.
 */
export function SignInForm({
  returnPath,
  onDone,
  onSent,
  onSecondStep,
}: {
  returnPath: string;
  onDone: () => void;
  onSent: (sent: SentEmail) => void;
  /** The password was right and the account asks for a second step. */
  /** The password was right and the account has two-factor on: finish with one of `methods`. */
  onSecondStep: (methods: SecondStepMethod[]) => void;
}) {
  const { signIn } = useAuth();
  const [paused, setPaused] = useState<string | null>(null);
  const { methods, onInvalid, applyServerErrors } = useAuthForm(signInSchema, 'signin', {
    email: '',
    password: '',
  });
  const { register, handleSubmit, formState, trigger, getValues } = methods;
  const link = useRequestSignInLink();

  const submit = handleSubmit(async (values) => {
    setPaused(null);
    try {
      const pending = await signIn(values);
      if (pending) return onSecondStep(pending.secondStep);
      toast.success('Signed in successfully!');
      onDone();
    } catch (err) {
      if (err instanceof ApiRequestError && err.code === 'ACCOUNT_LOCKED') setPaused(err.message);
      applyServerErrors(err);
    }
  }, onInvalid);

  const emailLink = async () => {
    if (!(await trigger('email'))) return;
    const email = getValues('email').trim();
    try {
      const answer = await link.mutateAsync({ email, next: returnPath });
      onSent({ kind: 'link', email, sandboxMailbox: answer.sandboxMailbox });
    } catch (err) {
      toast.error('Could not send the sign-in link', {
        description: messageOf(err, 'Please try again in a minute.'),
      });
    }
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {paused && (
        <Alert variant="warning" title="Sign-in is paused for a moment">
          {paused}
        </Alert>
      )}
      <Field label="Email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@store.com" {...register('email')} />
      </Field>
      <Field label="Password" error={formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
      <Button type="button" variant="link" size="sm" onClick={emailLink} disabled={link.isPending}>
        {link.isPending ? 'Sending link...' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
