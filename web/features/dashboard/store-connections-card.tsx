import { PlugZap, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { ConnectionsOutput } from '#common/api/connections';
import { ROUTES } from '#common/routes';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { SellFromButton, SellingBadge, useConnections } from '#web/features/connections';
import { useFailureToast } from '#web/lib/use-failure-toast';
import { useCheckStoreConnection } from './api/check-store-connection';
import {
  toastConnectionFailed,
  toastConnectionSuccessful,
  toastConnectionTestFailed,
  toastStoreConnectionsFailed,
} from './dashboard-toasts';

type Platform = ConnectionsOutput['platforms'][number];
type StoreConnection = ConnectionsOutput['stores'][number];

const setupPath = (platform: string) => `${ROUTES.setupStore.path}?platform=${encodeURIComponent(platform)}`;

/**
 * Store connections: every platform, connected or not, the store agents sell from marked as Settings ›
 * Platform and store setup mark it (ADR 042). A connected one can be tested (the store is called with the
 * saved credentials), reconnected and made the selling store; the others connected through store setup.
 */
export function StoreConnectionsCard() {
  const connections = useConnections();
  useFailureToast(connections.error, toastStoreConnectionsFailed);

  return (
    <SectionCard
      title="Store connections"
      description="Agents sell from the store marked Selling and write their orders there."
    >
      {connections.isPending ? (
        <LoadingState label="Loading store connections...">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12 rounded-xl" />
          ))}
        </LoadingState>
      ) : connections.isError ? (
        <LoadError
          title="Error loading store connections"
          onRetry={() => void connections.refetch()}
          retrying={connections.isFetching}
        >
          {connections.error.message}
        </LoadError>
      ) : (
        <ul aria-label="Store platforms" className="divide-y divide-slate-100">
          {connections.data.platforms.map((platform) => (
            <PlatformRow
              key={platform.id}
              platform={platform}
              connection={connections.data.stores.find((s) => s.platform === platform.id)}
            />
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

function PlatformRow({
  platform,
  connection,
}: {
  platform: Platform;
  connection: StoreConnection | undefined;
}) {
  const check = useCheckStoreConnection();
  const [testing, setTesting] = useState(false);

  const test = async (integrationId: string) => {
    setTesting(true);
    try {
      const result = await check.mutateAsync(integrationId);
      if (result.success) toastConnectionSuccessful(platform.name);
      else toastConnectionFailed(result.error);
    } catch {
      toastConnectionTestFailed();
    } finally {
      setTesting(false);
    }
  };

  const comingSoon = platform.availability === 'coming_soon';
  const host = connection?.display.host ?? connection?.display.storeName;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          {platform.name}
          {connection?.selling && <SellingBadge />}
          {connection ? (
            connection.status === 'failed' ? (
              <Badge variant="danger">Failing</Badge>
            ) : (
              <Badge variant="success">Connected</Badge>
            )
          ) : comingSoon ? (
            <Badge variant="neutral">Coming soon</Badge>
          ) : null}
        </p>
        {host && <p className="truncate text-xs text-slate-600">{host}</p>}
        {connection?.lastError && <p className="text-xs text-red-700">{connection.lastError}</p>}
      </div>
      {connection ? (
        <div className="flex flex-wrap gap-2">
          {!connection.selling && <SellFromButton store={connection} name={platform.name} />}
          <Button
            size="sm"
            variant="outline"
            onClick={() => void test(connection.id)}
            disabled={testing}
            aria-label={`${testing ? 'Testing' : 'Test'} ${platform.name}`}
          >
            <PlugZap aria-hidden="true" />
            {testing ? 'Testing...' : 'Test'}
          </Button>
          <Button asChild size="sm" variant="ghost">
            <Link to={setupPath(platform.id)} aria-label={`Reconnect ${platform.name}`}>
              <RefreshCw aria-hidden="true" />
              Reconnect
            </Link>
          </Button>
        </div>
      ) : (
        !comingSoon && (
          <Button asChild size="sm">
            <Link to={setupPath(platform.id)} aria-label={`Connect ${platform.name}`}>
              Connect
            </Link>
          </Button>
        )
      )}
    </li>
  );
}
