import { ArrowRight, FlaskConical, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { AcpFlowOutput } from '#common/api/agent-tests';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Spinner } from '#web/components/ui/spinner';
import { useIsSandbox } from '#web/lib/app-status';
import {
  useMintTestToken,
  useRunAcpFlow,
  useSimulateInvoicePaid,
  LightningInvoiceCard,
  type LightningInvoice,
} from '#web/features/agent-testing';
import { cn } from '#web/lib/cn';
import { useZodForm } from '#web/lib/use-zod-form';
import { useRecordOnboardingProgress } from '../api/record-onboarding-progress';
import { testOrderDefaults, testOrderFormSchema } from '../test-order-form';
import { StepFrame } from './step-frame';
import type { StepProps } from './step-props';

type Method = 'stripe' | 'bitcoin';
type Outcome =
  { kind: 'passed'; storeOrder: string | null; message?: string } | { kind: 'failed'; message: string };

/** A failed test shows its message, prefixed with [step] when the server names one. */
const failureOf = (result: AcpFlowOutput): string =>
  `${result.step ? `[${result.step}] ` : ''}${result.error ?? result.message ?? 'The test did not complete.'}`;

const messageOf = (err: unknown) => (err instanceof Error && err.message ? err.message : 'Please try again.');

/**
 * Step 4: a real offer, checkout and confirm through the merchant's own store and provider (the
 * agent test's flow). Cards pay with a Shared Payment Token (minted in the sandbox); Bitcoin shows its
 * invoice, paid with 'Simulate Paid (test only)' in the sandbox, then confirmed.
 */
export function TestOrderStep({ merchant, onBack, onDone }: StepProps) {
  const methods: Method[] = [
    ...(merchant.payments.card === 'connected' ? (['stripe'] as const) : []),
    ...(merchant.payments.bitcoin.enabled ? (['bitcoin'] as const) : []),
  ];
  const isSandbox = useIsSandbox();
  const form = useZodForm(testOrderFormSchema, { defaultValues: testOrderDefaults(methods[0] ?? 'stripe') });
  const { register, handleSubmit, formState, watch, setValue } = form;
  const method = watch('method');
  const run = useRunAcpFlow();
  const mint = useMintTestToken();
  const simulate = useSimulateInvoicePaid();
  const progress = useRecordOnboardingProgress();
  const [invoice, setInvoice] = useState<(LightningInvoice & { invoiceId: string }) | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(
    merchant.onboardingState.test_order_passed ? { kind: 'passed', storeOrder: null } : null,
  );

  const finish = async (result: AcpFlowOutput) => {
    if (result.status === 'ACCEPTED' && result.woo_order_id) {
      setInvoice(null);
      setOutcome({ kind: 'passed', storeOrder: result.woo_order_id, message: result.message });
      toast.success('Test completed!', { description: result.message });
      try {
        await progress.mutateAsync('test_order');
        toast.success('Test order completed');
      } catch (err) {
        toast.error('Error saving progress', { description: messageOf(err) });
      }
      return;
    }
    setOutcome({ kind: 'failed', message: failureOf(result) });
    toast.error('Test order failed', { description: failureOf(result) });
  };

  const start = handleSubmit(async (values) => {
    setOutcome(null);
    setInvoice(null);
    try {
      const result = await run.mutateAsync({
        payment_method: values.method,
        sku: values.sku,
        amount: values.amount,
        currency: values.currency,
        ...(values.method === 'stripe' ? { test_spt: values.token } : {}),
      });
      if (result.requires_payment && result.checkout_id && result.invoice_url && result.expires_at) {
        setInvoice({
          paymentRequest: result.invoice_url,
          expiresAt: result.expires_at,
          checkoutId: result.checkout_id,
          invoiceId: result.invoice_id ?? '',
        });
        toast.success('Bitcoin Invoice Created', { description: 'Pay it to finish the test order.' });
        return;
      }
      await finish(result);
    } catch (err) {
      setOutcome({ kind: 'failed', message: messageOf(err) });
      toast.error('Test order failed', { description: messageOf(err) });
    }
  });

  const payInvoice = async () => {
    if (!invoice) return;
    try {
      await simulate.mutateAsync({ checkout_id: invoice.checkoutId, invoice_id: invoice.invoiceId });
      toast.success('Payment simulated');
    } catch (err) {
      toast.error('Simulation failed', { description: messageOf(err) });
      return;
    }
    try {
      await finish(
        await run.mutateAsync({
          payment_method: 'bitcoin',
          confirm_only: true,
          checkout_id: invoice.checkoutId,
        }),
      );
    } catch (err) {
      setOutcome({ kind: 'failed', message: messageOf(err) });
      toast.error('Test order failed', { description: messageOf(err) });
    }
  };

  const mintToken = async () => {
    const amount = Number(watch('amount'));
    try {
      const minted = await mint.mutateAsync({
        // Room for shipping on top of the product's price, as an agent's token would allow.
        amount: Number.isFinite(amount) && amount > 0 ? Math.ceil(amount) + 10 : 30,
        currency: watch('currency') || 'GBP',
      });
      setValue('token', minted.token, { shouldValidate: true });
    } catch (err) {
      toast.error('Could not create a test token', { description: messageOf(err) });
    }
  };

  const passed = outcome?.kind === 'passed';
  const running = run.isPending || simulate.isPending;
  const errors = formState.errors;

  if (methods.length === 0) {
    return (
      <StepFrame
        title="Test order"
        description="Buy a test product the way an AI agent would."
        onBack={onBack}
      >
        <Alert variant="warning" title="No payment method is ready">
          Go back and connect Stripe or save your Bitcoin settings, then run the test order.
        </Alert>
      </StepFrame>
    );
  }

  return (
    <StepFrame
      title="Test order"
      description="Buy a test product the way an AI agent would: an offer, a checkout and a confirmed order, through your own store and payment account."
      onBack={onBack}
      next={
        <Button onClick={onDone} disabled={!passed || progress.isPending}>
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      }
    >
      <form noValidate onSubmit={start} className="grid gap-5">
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-800">Pay with</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            {methods.map((m) => (
              <label
                key={m}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm',
                  method === m ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500' : 'border-slate-200',
                )}
              >
                <input type="radio" value={m} className="size-4 accent-brand-600" {...register('method')} />
                <span className="font-semibold text-slate-900">
                  {m === 'stripe' ? 'Card (Stripe)' : 'Bitcoin Lightning'}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_8rem_6rem]">
          <Field label="Test SKU" error={errors.sku?.message}>
            <Input autoComplete="off" {...register('sku')} />
          </Field>
          <Field label="Amount" error={errors.amount?.message}>
            <Input inputMode="decimal" autoComplete="off" {...register('amount')} />
          </Field>
          <Field label="Currency" error={errors.currency?.message}>
            <Input
              maxLength={3}
              autoComplete="off"
              className="uppercase"
              {...register('currency', { setValueAs: (v: string) => v.toUpperCase().slice(0, 3) })}
            />
          </Field>
        </div>
        {method === 'stripe' && (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <Field
              label="Test Shared Payment Token"
              hint={
                isSandbox
                  ? 'Paste one, or let the sandbox create one for your Stripe account.'
                  : 'A token an AI agent handed over for your account (spt_...).'
              }
              error={errors.token?.message}
              className="flex-1"
            >
              <Input placeholder="spt_..." autoComplete="off" spellCheck={false} {...register('token')} />
            </Field>
            {isSandbox && (
              <Button
                type="button"
                variant="outline"
                className="sm:mt-6"
                onClick={mintToken}
                disabled={mint.isPending}
              >
                <Sparkles aria-hidden="true" />
                {mint.isPending ? 'Creating token...' : 'Use a test token'}
              </Button>
            )}
          </div>
        )}
        <div>
          <Button type="submit" disabled={running || Boolean(invoice)}>
            {run.isPending && !invoice ? (
              <>
                <Spinner className="size-4" label="Running the test order" />
                Running test...
              </>
            ) : (
              <>
                <FlaskConical aria-hidden="true" />
                Run Test Order
              </>
            )}
          </Button>
        </div>
      </form>

      {invoice && (
        <LightningInvoiceCard invoice={invoice}>
          {isSandbox ? (
            <Button variant="lightning" onClick={payInvoice} disabled={running}>
              {running ? 'Paying...' : 'Simulate Paid (test only)'}
            </Button>
          ) : (
            <p className="text-sm text-slate-600">
              Pay it from any Lightning wallet; the order is confirmed when it arrives.
            </p>
          )}
        </LightningInvoiceCard>
      )}

      <div aria-live="polite" className="empty:hidden">
        {outcome?.kind === 'failed' && (
          <Alert variant="error" title="Test failed">
            <p>{outcome.message}</p>
            <p className="mt-1">
              Check the SKU exists in your store and your payment account is connected, then run the test
              again.
            </p>
          </Alert>
        )}
        {outcome?.kind === 'passed' && (
          <Alert variant="success" title="Test order completed">
            {outcome.storeOrder ? (
              <p>
                Your store created order <strong>#{outcome.storeOrder}</strong>.
              </p>
            ) : (
              <p>A test order already went through. You can run another or continue.</p>
            )}
          </Alert>
        )}
      </div>
    </StepFrame>
  );
}
