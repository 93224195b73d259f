import { ArrowRight } from 'lucide-react';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { CardProviderConnect, ConnectedCardAccount } from '#web/features/connections';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

/** Step 2: connect the Stripe account card payments settle into (three ways). */
export function CardProviderStep({ merchant, onBack, onDone }: StepProps) {
  const { card, cardAccountId } = merchant.payments;
  return (
    <StepFrame
      title="Connect your card provider"
      description="Card payments from AI agents settle straight into your own Stripe account."
      onBack={onBack}
      next={
        <Button onClick={onDone} disabled={card !== 'connected'}>
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      }
    >
      {card === 'connected' && cardAccountId ? (
        <ConnectedCardAccount accountId={cardAccountId} />
      ) : (
        <>
          <Alert variant="info" title="Setup required">
            Connect a Stripe account to take card payments, or go back and use Bitcoin Lightning only.
          </Alert>
          <CardProviderConnect returnTo="onboarding" />
        </>
      )}
    </StepFrame>
  );
}
