import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { MerchantView } from '#common/api/merchant';
import {
  previousStep,
  resumeStep,
  stepAfterPaymentMethods,
  type OnboardingStep,
} from '#common/domain/onboarding';
import { ROUTES } from '#common/routes';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { useAccount } from '#web/features/account';
import { queryKeys } from '#web/lib/query-keys';
import { useSeo } from '#web/lib/use-seo';
import { useRecordOnboardingProgress } from './api/record-onboarding-progress';
import { OnboardingStepper } from './onboarding-stepper';
import { CardProviderStep } from './steps/card-provider-step';
import { PaymentMethodsStep } from './steps/payment-methods-step';
import { ReadinessStep } from './steps/readiness-step';
import { StoreStep } from './steps/store-step';
import { TestOrderStep } from './steps/test-order-step';
import { useStripeReturn } from '#web/features/connections';

/** /onboarding: the five-step wizard from sign-up to a store agents can buy from. */
export default function OnboardingPage() {
  useSeo({
    title: 'Set up your store for AI agents',
    description: 'Connect payments and your store, run a test order and check agent readiness.',
    path: ROUTES.onboarding.path,
    noIndex: true,
  });
  useStripeReturn();
  const account = useAccount();

  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <header>
        <p className="text-sm font-semibold text-brand-700">Onboarding</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
          Get ready to sell through AI agents
        </h1>
        <p className="mt-2 text-slate-600">
          About five minutes: payments, your store, a test order, and a readiness check.
        </p>
      </header>
      <div className="flex gap-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-3 text-sm text-brand-900">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        <p>
          <strong className="font-semibold">You are the Merchant of Record.</strong> Buyers pay you directly
          through your own payment accounts; AgentCart never holds buyer funds.
        </p>
      </div>
      {account.isPending ? (
        <OnboardingSkeleton />
      ) : account.isError ? (
        <LoadError
          title="Your onboarding could not be loaded"
          onRetry={() => account.refetch()}
          retrying={account.isFetching}
        >
          <p>{account.error.message}</p>
        </LoadError>
      ) : account.data.merchant ? (
        <Wizard merchant={account.data.merchant} />
      ) : (
        <Alert variant="error" title="Merchant account not found">
          Sign out and sign in again; if this keeps happening, contact support.
        </Alert>
      )}
    </div>
  );
}

function Wizard({ merchant }: { merchant: MerchantView }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const progress = useRecordOnboardingProgress();
  const card = merchant.payments.card;
  // Where a visit starts (the first step not done yet); after that the merchant moves through the steps.
  const [step, setStep] = useState<OnboardingStep | 'dashboard'>(() =>
    resumeStep(merchant.onboardingState, card),
  );
  if (step === 'dashboard') return <Navigate to={ROUTES.dashboard.path} replace />;

  const back = () => setStep(previousStep(step, card));
  const refreshMerchant = () => queryClient.invalidateQueries({ queryKey: queryKeys.merchant });
  const finish = async () => {
    try {
      await progress.mutateAsync('complete');
      toast.success('Onboarding complete!');
      navigate(ROUTES.dashboard.path, { replace: true });
    } catch (err) {
      toast.error('Error completing onboarding', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  return (
    <>
      <OnboardingStepper current={step} />
      {step === 1 && (
        <PaymentMethodsStep
          merchant={merchant}
          onDone={(cardOn) => setStep(stepAfterPaymentMethods(cardOn ? 'pending_setup' : 'off'))}
        />
      )}
      {step === 2 && <CardProviderStep merchant={merchant} onBack={back} onDone={() => setStep(3)} />}
      {step === 3 && (
        <StoreStep
          merchant={merchant}
          onBack={back}
          onDone={() => {
            void refreshMerchant();
            setStep(4);
          }}
        />
      )}
      {step === 4 && <TestOrderStep merchant={merchant} onBack={back} onDone={() => setStep(5)} />}
      {step === 5 && <ReadinessStep finishing={progress.isPending} onBack={back} onFinish={finish} />}
    </>
  );
}

function OnboardingSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span role="status" className="sr-only">
        Loading your onboarding
      </span>
      <Skeleton className="h-2 w-full" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  );
}
