import { ArrowRight, CreditCard, Zap } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { MerchantView } from '#common/api/merchant';
import { ONBOARDING_MESSAGES } from '#common/domain/onboarding';
import { Button } from '#web/components/ui/button';
import { Switch } from '#web/components/ui/switch';
import { useUpdatePaymentMethods } from '#web/features/account';
import { BitcoinSettingsForm } from '#web/features/connections';
import { useRecordOnboardingProgress } from '../api/record-onboarding-progress';
import { StepFrame } from './step-frame';

const messageOf = (err: unknown) => (err instanceof Error ? err.message : undefined);

/**
 * Step 1: which payment methods AI agents may use. Cards through Stripe's Shared Payment Tokens (the
 * account is connected in step 2), and Bitcoin Lightning, set up here with the settings page's form.
 */
export function PaymentMethodsStep({
  merchant,
  onDone,
}: {
  merchant: MerchantView;
  onDone(card: boolean): void;
}) {
  const [card, setCard] = useState(merchant.payments.card !== 'off');
  const [bitcoin, setBitcoin] = useState(merchant.payments.bitcoin.enabled);
  const bitcoinSaved = merchant.payments.bitcoin.enabled;
  const switchMethods = useUpdatePaymentMethods();
  const progress = useRecordOnboardingProgress();
  const busy = switchMethods.isPending || progress.isPending;

  const next = async () => {
    if (!card && !bitcoin) {
      toast.error('Select payment method', { description: ONBOARDING_MESSAGES.paymentMethodRequired });
      return;
    }
    if (bitcoin && !bitcoinSaved) {
      toast.error('Missing information', {
        description: 'Test and save your Bitcoin settings, or turn Bitcoin Lightning off.',
      });
      return;
    }
    try {
      await switchMethods.mutateAsync({ card, bitcoin });
      await progress.mutateAsync('payment_methods');
      onDone(card);
    } catch (err) {
      toast.error('Error saving progress', { description: messageOf(err) });
    }
  };

  return (
    <StepFrame
      title="Payment methods"
      description="Choose how AI agents can pay you. Money goes straight to your own accounts."
      next={
        <Button onClick={next} disabled={busy}>
          {busy ? 'Saving...' : 'Continue'}
          <ArrowRight aria-hidden="true" />
        </Button>
      }
    >
      <MethodRow
        icon={<CreditCard aria-hidden="true" />}
        title="Cards"
        description="Card payments through Stripe with the Shared Payment Tokens ChatGPT and other agents hand over. You connect your Stripe account next."
        checked={card}
        onChange={setCard}
      />
      <MethodRow
        icon={<Zap aria-hidden="true" />}
        title="Bitcoin Lightning"
        description="Instant Lightning payments through your own Lightning provider's account."
        checked={bitcoin}
        onChange={setBitcoin}
      >
        {bitcoin && (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <BitcoinSettingsForm />
          </div>
        )}
      </MethodRow>
    </StepFrame>
  );
}

function MethodRow(props: {
  icon: ReactNode;
  title: string;
  description: string;
  checked: boolean;
  onChange(checked: boolean): void;
  children?: ReactNode;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <div className="flex items-start gap-4">
        <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5">
          {props.icon}
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={labelId} className="font-semibold text-slate-900">
            {props.title}
          </h3>
          <p id={descriptionId} className="text-sm text-slate-600">
            {props.description}
          </p>
        </div>
        <Switch
          checked={props.checked}
          onCheckedChange={props.onChange}
          aria-labelledby={labelId}
          aria-describedby={descriptionId}
        />
      </div>
      {props.children}
    </section>
  );
}
