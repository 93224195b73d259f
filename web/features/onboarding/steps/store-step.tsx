import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUTES } from '#common/routes';
import { Button } from '#web/components/ui/button';
import { StoreConnectionForm } from '#web/features/connections';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** Step 3: the WooCommerce store agents sell from (other platforms through /setup-store). */
export function StoreStep({ merchant, onBack, onDone }: StepProps) {
  const connected = Boolean(merchant.onboardingState.platform_configured && merchant.platform);
  return (
    <StepFrame
      title="Connect your store"
      description="Agents read your catalogue and place paid orders straight into your store."
      onBack={onBack}
      next={
        connected ? (
          <Button onClick={onDone}>
            Continue
            <ArrowRight aria-hidden="true" />
          </Button>
        ) : undefined
      }
    >
      <StoreConnectionForm
        platform="woocommerce"
        saveLabel="Save & Continue"
        onSaved={() => {
          toast.success('Platform connected');
          onDone();
        }}
      />
      <p className="text-sm text-slate-600">
        Selling on Shopify, BigCommerce, Magento or your own API?{' '}
        <Link
          to={ROUTES.setupStore.path}
          className="font-semibold text-brand-700 underline-offset-2 hover:underline"
        >
          Set up your store there
        </Link>
        , then come back to onboarding.
      </p>
    </StepFrame>
  );
}
