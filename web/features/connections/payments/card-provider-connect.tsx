import { CircleCheck, ExternalLink, KeyRound, Link2, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { StripeReturnPage } from '#common/api/connections';
import { stripeVerifyInput } from '#common/api/connections';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { CopyableId } from '#web/components/copyable-id';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useAccount } from '#web/features/account';
import { useZodForm } from '#web/lib/use-zod-form';
import { useStartExpressOnboarding } from '../api/start-express-onboarding';
import { useStartStripeOAuth } from '../api/start-stripe-oauth';
import { useVerifyStripeKey } from '../api/verify-stripe-key';

/** The card provider's name as the messages that name it use it ('Stripe verification failed'). */
export const CARD_PROVIDER = 'Stripe';

const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/** A connected card provider account (the Connected card of Settings › Payments). */
export function ConnectedCardAccount({ accountId, children }: { accountId: string; children?: ReactNode }) {
  return (
    <div className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50/60 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <CircleCheck aria-hidden="true" className="size-5 text-emerald-600" />
        <p className="font-semibold text-slate-900">{CARD_PROVIDER} connected</p>
        <Badge variant="success">Shared Payment Token Capture Enabled</Badge>
      </div>
      <p className="text-sm text-slate-600">
        Card payments from AI agents settle straight into this account.
      </p>
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        {CARD_PROVIDER} account ID
        <CopyableId value={accountId} label={`${CARD_PROVIDER} account ID`} className="bg-white" />
      </p>
      {children}
    </div>
  );
}

/**
 * The three ways to connect the card provider: a new account finished on Stripe's hosted
 * onboarding, an existing account through OAuth, or the account's secret key. The hosted ways leave the
 * page and come back to `returnTo`.
 */
export function CardProviderConnect({
  returnTo,
  onConnected,
}: {
  returnTo: StripeReturnPage;
  onConnected?(): void;
}) {
  const express = useStartExpressOnboarding();
  const oauth = useStartStripeOAuth();
  const leaving = express.isPending || oauth.isPending || express.isSuccess || oauth.isSuccess;

  const goTo = async (start: () => Promise<{ url: string }>) => {
    try {
      window.location.assign((await start()).url);
    } catch (err) {
      toast.error('Connection Failed', {
        description: messageOf(err, CONNECTION_MESSAGES.stripeVerificationFailed),
      });
    }
  };

  return (
    <div className="grid gap-4">
      <div className="grid gap-3 md:grid-cols-2">
        <ConnectOption
          icon={<UserPlus aria-hidden="true" />}
          title={`Create a new ${CARD_PROVIDER} account`}
          description="Open an account and finish its onboarding on Stripe's secure pages. Gives you the full Stripe dashboard."
          action={
            <Button onClick={() => goTo(() => express.mutateAsync(returnTo))} disabled={leaving}>
              {express.isPending || express.isSuccess ? 'Opening Stripe...' : 'Create account'}
              <ExternalLink aria-hidden="true" />
            </Button>
          }
        />
        <ConnectOption
          icon={<Link2 aria-hidden="true" />}
          title={`Connect an existing ${CARD_PROVIDER} account`}
          description="Sign in to Stripe and allow AgentCart to take agent payments into your account."
          action={
            <div className="flex flex-wrap gap-2">
              <Button
                variant="outline"
                onClick={() => goTo(() => oauth.mutateAsync(returnTo))}
                disabled={leaving}
              >
                {oauth.isPending || oauth.isSuccess ? 'Opening Stripe...' : 'Connect with Stripe'}
                <ExternalLink aria-hidden="true" />
              </Button>
              <RefreshStatusButton />
            </div>
          }
        />
      </div>
      <SecretKeyForm onConnected={onConnected} />
    </div>
  );
}

/** Reads the account again: a connection finished in another window shows without a reload. */
function RefreshStatusButton() {
  const account = useAccount();
  const refresh = async () => {
    const { data, error } = await account.refetch();
    if (error) toast.error('Connection Failed', { description: error.message });
    else if (data?.merchant?.payments.card !== 'connected')
      toast.info(`${CARD_PROVIDER} is not connected yet`, {
        description: `Finish connecting in the ${CARD_PROVIDER} window, then refresh again.`,
      });
  };
  return (
    <Button variant="ghost" onClick={() => void refresh()} disabled={account.isFetching}>
      {account.isFetching ? 'Refreshing...' : 'Refresh Status'}
    </Button>
  );
}

function ConnectOption(props: { icon: ReactNode; title: string; description: string; action: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4">
      <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-50 text-brand-700 [&_svg]:size-5">
        {props.icon}
      </span>
      <div className="grid gap-1">
        <h3 className="font-semibold text-slate-900">{props.title}</h3>
        <p className="text-sm text-slate-600">{props.description}</p>
      </div>
      <div className="mt-auto">{props.action}</div>
    </div>
  );
}

/** The manual way: the account's secret key, verified against Stripe before it is saved. */
function SecretKeyForm({ onConnected }: { onConnected?(): void }) {
  const verify = useVerifyStripeKey();
  const { register, handleSubmit, formState, watch, applyServerErrors } = useZodForm(stripeVerifyInput, {
    defaultValues: { secretKey: '' },
  });
  const empty = watch('secretKey').trim() === '';
  const submit = handleSubmit(async ({ secretKey }) => {
    try {
      const { message } = await verify.mutateAsync(secretKey);
      toast.success(message);
      onConnected?.();
    } catch (err) {
      applyServerErrors(err);
      toast.error(`${CARD_PROVIDER} verification failed`, {
        description: messageOf(err, CONNECTION_MESSAGES.stripeVerificationFailed),
      });
    }
  });
  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-xl border border-dashed border-slate-300 p-4"
    >
      <div className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <KeyRound aria-hidden="true" className="size-4 text-slate-500" />
        Or use your secret key
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field
          label={`${CARD_PROVIDER} secret key`}
          error={formState.errors.secretKey?.message}
          className="flex-1"
        >
          <Input
            type="password"
            placeholder="sk_live_..."
            autoComplete="off"
            spellCheck={false}
            {...register('secretKey')}
          />
        </Field>
        <Button type="submit" variant="secondary" className="sm:mt-6" disabled={empty || verify.isPending}>
          {verify.isPending ? 'Verifying...' : 'Verify & Connect'}
        </Button>
      </div>
      <p className="text-xs text-slate-500">
        Stored encrypted; never shown again or sent back to your browser.
      </p>
    </form>
  );
}
