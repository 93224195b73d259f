import { ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  STORE_CANCELLATION_POLICIES,
  type MerchantView,
  type StoreCancellationPolicy,
} from '#common/api/merchant';
import { STORE_CANCELLATION_POLICY_LABELS } from '#common/domain/labels';
import { ROUTES } from '#common/routes';
import { Button } from '#web/components/ui/button';
import { ConnectedStores } from '#web/features/connections';
import { useUpdateOrderSettings } from '../api/update-order-settings';

/**
 * Settings › Platform: the merchant's connected stores with the one agents sell from marked, the way to
 * sell from another, and to reconfigure or add one (ADR 042).
 */
export function PlatformTab({ merchant }: { merchant?: MerchantView | null }) {
  return (
    <div className="grid max-w-2xl gap-4">
      <p className="text-sm text-slate-600">
        Agents read the catalogue of your selling store and place their orders there. Your other stores stay
        connected and can take over at any time.
      </p>
      <ConnectedStores
        empty={
          <div className="grid justify-items-start gap-3">
            <p className="text-sm text-slate-600">
              No store is connected. Agents need one to read your catalogue and place orders.
            </p>
            <Button asChild>
              <Link to={ROUTES.setupStore.path}>Connect Platform</Link>
            </Button>
          </div>
        }
        actions={(store) => (
          <>
            {/* New credentials for a store are set up again through onboarding (product spec, /settings). */}
            <Button asChild size="sm" variant="ghost">
              <Link to={ROUTES.onboarding.path}>Reconfigure</Link>
            </Button>
            {store.openUrl && (
              <Button asChild size="sm" variant="ghost">
                <a href={store.openUrl} target="_blank" rel="noreferrer">
                  Open store
                  <ExternalLink aria-hidden="true" />
                </a>
              </Button>
            )}
          </>
        )}
      />
      <div>
        <Button asChild variant="outline">
          <Link to={ROUTES.setupStore.path}>Connect another store</Link>
        </Button>
      </div>
      {merchant && <StoreCancellationPolicyField policy={merchant.storeCancellationPolicy} />}
    </div>
  );
}

/**
 * What an order your store cancels gets (ADR 056): a full refund at once, or a flag on the order
 * ("Cancelled in store — refund?") for you to decide. Saved as soon as it is chosen.
 */
function StoreCancellationPolicyField({ policy }: { policy: StoreCancellationPolicy }) {
  const update = useUpdateOrderSettings();
  const legendId = useId();
  const choose = (next: StoreCancellationPolicy) => {
    if (next === policy || update.isPending) return;
    update.mutate(
      { storeCancellationPolicy: next },
      {
        onSuccess: () => toast.success('Saved what happens when your store cancels an order.'),
        onError: (err) => toast.error(`Could not save: ${err.message}`),
      },
    );
  };
  return (
    <fieldset aria-labelledby={legendId} className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <legend id={legendId} className="px-1 text-sm font-semibold text-slate-900">
        When your store cancels an order
      </legend>
      <p className="text-sm text-slate-600">
        If an order paid through AgentCart is cancelled in your store, AgentCart can refund the buyer or ask
        you first.
      </p>
      {STORE_CANCELLATION_POLICIES.map((value) => (
        <label key={value} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
          <input
            type="radio"
            name="store-cancellation-policy"
            value={value}
            checked={(update.isPending ? update.variables?.storeCancellationPolicy : policy) === value}
            disabled={update.isPending}
            onChange={() => choose(value)}
            className="size-4 accent-brand-600"
          />
          {STORE_CANCELLATION_POLICY_LABELS[value]}
        </label>
      ))}
    </fieldset>
  );
}
