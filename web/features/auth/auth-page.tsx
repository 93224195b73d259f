import type { SecondStepMethod } from '#common/api/auth';
import { useState } from 'react';
import { Link, useLocation, useNavigate, type Location } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import { PRODUCT_NAME } from '#common/domain/brand';
import { Alert } from '#web/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs';
import { takeSessionNotice } from '#web/lib/session-notice';
import { useSeo } from '#web/lib/use-seo';
import { CheckEmailPanel, type SentEmail } from './check-email-panel';
import { SecondStepForm } from './second-step-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { useEmailLinkLanding } from './use-email-link-landing';

function useReturnPath(): string {
  const location = useLocation();
  const from = (location.state as { from?: Location } | null)?.from;
  return from ? `${from.pathname}${from.search}${from.hash}` : '/onboarding';
}

/**
 * /auth: Sign In (default) and Sign Up tabs; success returns to the remembered page or /onboarding. Sign-up
 * and sign-in links continue by e-mail, and land back here to finish (useEmailLinkLanding).
 */
export default function AuthPage() {
  useSeo({
    title: 'Sign in or create your account',
    description: `Sign in to ${PRODUCT_NAME} or create a merchant account to start selling through AI shopping agents.`,
    path: '/auth',
  });
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const done = () => navigate(returnPath, { replace: true });
  const [sent, setSent] = useState<SentEmail | null>(null);
  const { linkProblem, secondStepPending, secondStepMethods, destination } = useEmailLinkLanding();
  // After a right password (or a sign-in link) on an account with two-factor sign-in on.
  const [secondStep, setSecondStep] = useState(secondStepPending);
  // How this account can finish it: named by the sign-in's answer, or by a sign-in link's landing.
  const [methods, setMethods] = useState<SecondStepMethod[]>(secondStepMethods);
  const [restarted, setRestarted] = useState<string | null>(null);
  // Why the server ended the last session (idle, 24 hours, IP allowlist), shown once.
  const [sessionNotice] = useState(takeSessionNotice);

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
          {linkProblem && !sent && (
            <Alert variant="error" title="That link did not work" className="mb-4">
              {linkProblem}
            </Alert>
          )}
          {sessionNotice && !sent && !secondStep && (
            <Alert variant="warning" title="You have been signed out" className="mb-4">
              {sessionNotice}
            </Alert>
          )}
          {restarted && !secondStep && (
            <Alert variant="warning" title="Sign in again" className="mb-4">
              {restarted}
            </Alert>
          )}
          {sent ? (
            <CheckEmailPanel sent={sent} onBack={() => setSent(null)} />
          ) : secondStep ? (
            <SecondStepForm
              methods={methods}
              onDone={() => navigate(secondStepPending ? destination : returnPath, { replace: true })}
              onRestart={(reason) => {
                setRestarted(reason);
                setSecondStep(false);
              }}
            />
          ) : (
            <Tabs defaultValue="signin">
              <TabsList className="w-full">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm
                  returnPath={returnPath}
                  onDone={done}
                  onSent={setSent}
                  onSecondStep={(offered) => {
                    setMethods(offered);
                    setRestarted(null);
                    setSecondStep(true);
                  }}
                />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm returnPath={returnPath} onSent={setSent} />
              </TabsContent>
            </Tabs>
          )}
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
