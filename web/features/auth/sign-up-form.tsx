import { toast } from 'sonner';
import { PASSWORD_HINT, signUpSchema } from '#common/validation/auth';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useSignUp } from './api/sign-up';
import type { SentEmail } from './check-email-panel';
import { messageOf } from '#web/lib/error-message';
import { useAuthForm } from './use-auth-form';

/** Business name, email and password; the account opens when the e-mailed confirmation link is followed. */
export function SignUpForm({
  returnPath,
  onSent,
}: {
  returnPath: string;
  onSent: (sent: SentEmail) => void;
}) {
  const signUp = useSignUp();
  const { methods, onInvalid, applyServerErrors } = useAuthForm(signUpSchema, 'signup', {
    name: '',
    email: '',
    password: '',
  });
  const { register, handleSubmit, formState } = methods;
  const submit = handleSubmit(async (values) => {
    try {
      const answer = await signUp.mutateAsync({ ...values, next: returnPath });
      onSent({ kind: 'verify', email: values.email.trim(), sandboxMailbox: answer.sandboxMailbox });
    } catch (err) {
      toast.error('Sign up failed', { description: messageOf(err, 'Failed to create account') });
      applyServerErrors(err);
    }
  }, onInvalid);

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Business Name" error={formState.errors.name?.message}>
        <Input autoComplete="organization" placeholder="Acme Outdoor Ltd" {...register('name')} />
      </Field>
      <Field label="Email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@store.com" {...register('email')} />
      </Field>
      <Field label="Password" hint={PASSWORD_HINT} error={formState.errors.password?.message}>
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  );
}
