import { Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import type { ConnectionsOutput } from '#common/api/connections';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useChooseSellingStore } from '../api/choose-selling-store';
import { useConnections, useIntegrationName } from '../api/list-connections';

type SavedStore = ConnectionsOutput['stores'][number];

/** What a saved store is called on screen: the name its platform gave, else its address. */
export const storeAddressOf = (store: SavedStore) =>
  store.display.host ?? store.display.storeName ?? store.display.storeUrl ?? null;

/** The one marker of the store agents sell from, the same wherever stores are listed (ADR 042). */
export function SellingBadge() {
  return (
    <Badge variant="brand" title="Agents sell from this store">
      Selling
    </Badge>
  );
}

/** Makes a connected store the selling one; the server records the switch and notifies the merchant. */
export function SellFromButton({ store, name }: { store: SavedStore; name: string }) {
  const choose = useChooseSellingStore();
  const sellFrom = async () => {
    try {
      await choose.mutateAsync(store.id);
      toast.success(CONNECTION_MESSAGES.sellingStoreChanged(name));
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };
  return (
    <Button size="sm" variant="outline" disabled={choose.isPending} onClick={() => void sellFrom()}>
      {choose.isPending ? 'Switching...' : `Sell from ${name}`}
    </Button>
  );
}

/**
 * The merchant's connected stores, oldest first, with the selling one marked and a way to sell from
 * another: Settings › Platform and /setup-store show this list, the dashboard's card the same rows.
 * `actions` adds a store's own buttons (Reconfigure…).
 */
export function ConnectedStores({
  empty,
  actions,
}: {
  /** Shown when no store is connected. */
  empty: ReactNode;
  actions?(store: SavedStore): ReactNode;
}) {
  const connections = useConnections();
  const nameOf = useIntegrationName();
  if (connections.isPending) {
    return (
      <LoadingState label="Loading your stores...">
        {[0, 1].map((i) => (
          <Skeleton key={i} className="h-14 rounded-xl" />
        ))}
      </LoadingState>
    );
  }
  if (connections.isError) {
    return (
      <LoadError
        title="Error loading your stores"
        onRetry={() => void connections.refetch()}
        retrying={connections.isFetching}
      >
        {connections.error.message}
      </LoadError>
    );
  }
  const stores = connections.data.stores;
  if (stores.length === 0) return <>{empty}</>;
  return (
    <ul aria-label="Your stores" className="grid gap-3">
      {stores.map((store) => {
        const name = nameOf(store.platform);
        const address = storeAddressOf(store);
        return (
          <li
            key={store.id}
            aria-label={name}
            className="flex flex-wrap items-center gap-3 rounded-xl border border-slate-200 px-4 py-3"
          >
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Store aria-hidden="true" className="size-5" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                {name}
                {store.selling && <SellingBadge />}
                {store.status === 'failed' && <Badge variant="danger">Failing</Badge>}
              </p>
              <p className="truncate text-sm text-slate-600">{address ?? 'Store address not recorded'}</p>
            </div>
            <div className="flex flex-wrap gap-2">
              {!store.selling && <SellFromButton store={store} name={name} />}
              {actions?.(store)}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
