import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { toast } from 'sonner';
import { ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME } from '#common/domain/brand';
import { PASSWORD_HINT, signInSchema, signUpSchema } from '#common/validation/auth';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { useSeo } from '#web/lib/use-seo';
import { useAuth } from './auth-provider';
import { useAuthForm } from './use-auth-form';

function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return from ? `${from.pathname}${from.search}${from.hash}` : '/onboarding';
}

function SignInForm({ onDone }: { onDone: () => void }) {
  const { signIn } = useAuth();
  const { methods, onInvalid, applyServerErrors } = useAuthForm(signInSchema, 'signin', {
    email: '',
    password: '',
  });
  const { register, handleSubmit, formState } = methods;
  const submit = handleSubmit(async (values) => {
    try {
      await signIn(values);
      toast.success('Signed in successfully!');
      onDone();
    } catch (err) {
      applyServerErrors(err);
    }
  }, onInvalid);

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <Field label="Email" error={formState.errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@store.com" {...register('email')} />
      </Field>
      <Field label="Password" error={formState.errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Button type="submit" size="lg" disabled={formState.isSubmitting}>
        {formState.isSubmitting ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

function SignUpForm({ onDone }: { onDone: () => void }) {
  const { signUp } = useAuth();
  const { methods, onInvalid, applyServerErrors } = useAuthForm(signUpSchema, 'signup', {
    name: '',
    email: '',
    password: '',
  });
  const { register, handleSubmit, formState } = methods;
  const submit = handleSubmit(async (values) => {
    try {
      await signUp(values);
      toast.success('Account created successfully!');
      onDone();
    } catch (err) {
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

/** /auth: Sign In (default) and Sign Up tabs; success returns to the remembered page or /onboarding. */
export default function AuthPage() {
  useSeo({
    title: 'Sign in or create your account',
    description: `Sign in to ${PRODUCT_NAME} or create a merchant account to start selling through AI shopping agents.`,
    path: '/auth',
  });
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const done = () => navigate(returnPath, { replace: true });

  return (
    <div className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="mb-2 inline-flex size-12 items-center justify-center rounded-xl bg-brand-600 text-white">
            <ShieldCheck className="size-6" aria-hidden="true" />
          </span>
          <h1 className="text-2xl font-semibold leading-tight text-slate-900">Welcome to {PRODUCT_NAME}</h1>
          <CardDescription>
            Sell through AI shopping agents, paid straight into your own accounts.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Tabs defaultValue="signin">
            <TabsList className="w-full">
              <TabsTrigger value="signin">Sign In</TabsTrigger>
              <TabsTrigger value="signup">Sign Up</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm onDone={done} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm onDone={done} />
            </TabsContent>
          </Tabs>
          <p className="mt-6 text-center text-xs text-slate-500">
            By continuing you agree to our{' '}
            <Link to="/terms" className="font-medium text-brand-700 underline-offset-2 hover:underline">
              Terms of Service
            </Link>
            .
          </p>
        </CardContent>
      </Card>
    </div>
  );
}
