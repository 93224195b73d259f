import { ExternalLink, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { stripeAccountDashboardUrl } from '#common/api/connections';
import type { MerchantView } from '#common/api/merchant';
import { STRIPE_DISCONNECT } from '#common/validation/connections';
import { useIsSandbox } from '#web/lib/app-status';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog';
import { Switch } from '#web/components/ui/switch';
import { useUpdatePaymentMethods } from '#web/features/account';
import {
  useCheckAccountStatus,
  useDisconnectStripe,
  useStartExpressOnboarding,
  useIntegrationName,
  BitcoinSettingsForm,
  CARD_PROVIDER,
  CardProviderConnect,
  ConnectedCardAccount,
} from '#web/features/connections';

const messageOf = (err: unknown) =>
  err instanceof Error && err.message ? err.message : 'Verification failed';
const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** Settings › Payments: the card provider account and Bitcoin Lightning. */
export function PaymentsTab({ merchant }: { merchant: MerchantView }) {
  return (
    <div className="grid gap-10">
      <section aria-labelledby="card-provider-heading" className="grid gap-4">
        <h2 id="card-provider-heading" className="text-lg font-semibold text-slate-900">
          Card payments ({CARD_PROVIDER})
        </h2>
        <CardProviderSettings merchant={merchant} />
      </section>
      <section aria-labelledby="bitcoin-heading" className="grid gap-4 border-t border-slate-100 pt-8">
        <h2 id="bitcoin-heading" className="text-lg font-semibold text-slate-900">
          Bitcoin Lightning
        </h2>
        <BitcoinSettings merchant={merchant} />
      </section>
    </div>
  );
}

function CardProviderSettings({ merchant }: { merchant: MerchantView }) {
  const { card, cardAccountId } = merchant.payments;
  const status = useCheckAccountStatus();
  const sandbox = useIsSandbox();
  const onboarding = useStartExpressOnboarding();

  const checkStatus = async () => {
    try {
      const s = await status.mutateAsync();
      toast.success(`${CARD_PROVIDER} account status`, {
        description: `Charges enabled: ${yesNo(s.chargesEnabled)} · Details submitted: ${yesNo(s.detailsSubmitted)}`,
      });
    } catch (err) {
      toast.error('Connection Failed', { description: messageOf(err) });
    }
  };
  const refreshOnboarding = async () => {
    try {
      window.location.assign((await onboarding.mutateAsync('settings')).url);
    } catch (err) {
      toast.error('Connection Failed', { description: messageOf(err) });
    }
  };

  if (card === 'connected' && cardAccountId) {
    return (
      <ConnectedCardAccount accountId={cardAccountId}>
        <div className="flex flex-wrap gap-2">
          {sandbox === undefined ? (
            // Until /api/status says which mode this is, the link's target is unknown: Stripe's dashboard
            // in live, the simulator's page of the account in sandbox. No link beats a wrong one.
            <Button variant="outline" size="sm" disabled>
              View in {CARD_PROVIDER}
              <ExternalLink aria-hidden="true" />
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <a href={stripeAccountDashboardUrl(cardAccountId, sandbox)} target="_blank" rel="noreferrer">
                View in {CARD_PROVIDER}
                <ExternalLink aria-hidden="true" />
              </a>
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={checkStatus} disabled={status.isPending}>
            {status.isPending ? 'Checking...' : 'Check Status'}
          </Button>
          <Button variant="outline" size="sm" onClick={refreshOnboarding} disabled={onboarding.isPending}>
            <RefreshCw aria-hidden="true" />
            {onboarding.isPending ? 'Opening Stripe...' : 'Refresh Onboarding'}
          </Button>
          <DisconnectStripeButton />
        </div>
      </ConnectedCardAccount>
    );
  }
  return (
    <div className="grid gap-4">
      {card === 'pending_setup' && (
        <Alert variant="warning" title="Setup Required">
          Card payments are on, but no {CARD_PROVIDER} account is connected: agents cannot pay by card yet.
        </Alert>
      )}
      <CardProviderConnect returnTo="settings" />
    </div>
  );
}

/** Disconnect, after a confirmation: card payments then need an account again (connect another below). */
function DisconnectStripeButton() {
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnectStripe();
  const run = async () => {
    try {
      await disconnect.mutateAsync();
      setConfirming(false);
      toast.success(STRIPE_DISCONNECT.done);
    } catch (err) {
      toast.error('Error', { description: messageOf(err) });
    }
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-red-700 hover:bg-red-50 hover:text-red-800"
        onClick={() => setConfirming(true)}
      >
        <Unplug aria-hidden="true" />
        Disconnect
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>{STRIPE_DISCONNECT.title}</DialogTitle>
          <DialogDescription>{STRIPE_DISCONNECT.description}</DialogDescription>
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void run()} disabled={disconnect.isPending}>
              {disconnect.isPending ? 'Disconnecting...' : STRIPE_DISCONNECT.confirm}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * Why the Bitcoin switch cannot be used now, or null when it can. It stays disabled without a
 * default card payment method: Bitcoin is switched on and off beside a connected card account, so a
 * merchant never switches off their only working way to be paid. Switching on also needs a provider saved.
 */
export function bitcoinSwitchBlocked(payments: MerchantView['payments']): string | null {
  if (payments.card !== 'connected')
    return `Needs a default card payment method: connect your ${CARD_PROVIDER} account above to switch Bitcoin on or off here.`;
  if (!payments.bitcoin.enabled && !payments.bitcoin.provider)
    return 'Save your Lightning provider below, then switch Bitcoin on.';
  return null;
}

function BitcoinSettings({ merchant }: { merchant: MerchantView }) {
  const providerName = useIntegrationName();
  const { bitcoin } = merchant.payments;
  const switchMethods = useUpdatePaymentMethods();
  const blocked = bitcoinSwitchBlocked(merchant.payments);
  const toggle = async (on: boolean) => {
    try {
      await switchMethods.mutateAsync({ bitcoin: on });
      toast.success(on ? 'Bitcoin payments enabled.' : 'Bitcoin payments disabled.');
    } catch (err) {
      toast.error(`Failed to save settings: ${messageOf(err)}`);
    }
  };
  return (
    <div className="grid gap-4">
      <div className="flex items-center justify-between gap-4 rounded-xl border border-slate-200 px-4 py-3">
        <div>
          <p id="bitcoin-switch-label" className="font-medium text-slate-900">
            Accept Bitcoin Lightning
          </p>
          <p id="bitcoin-switch-state" className="text-sm text-slate-600">
            {bitcoin.enabled
              ? `On${bitcoin.provider ? ` through ${providerName(bitcoin.provider)}` : ''}; invoices expire after ${bitcoin.expiryMins ?? 15} minutes.`
              : 'Off.'}{' '}
            {blocked}
          </p>
        </div>
        <Switch
          aria-labelledby="bitcoin-switch-label"
          aria-describedby="bitcoin-switch-state"
          checked={bitcoin.enabled}
          disabled={blocked !== null || switchMethods.isPending}
          onCheckedChange={(on) => void toggle(on)}
        />
      </div>
      <BitcoinSettingsForm enabledOnSave={bitcoin.enabled} />
    </div>
  );
}
