import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { ROUTES } from '#common/routes';
import { Button } from '#web/components/ui/button';
import { ConnectedStores } from '#web/features/connections';

/**
 * Settings › Platform: the merchant's connected stores with the one agents sell from marked, the way to
 * sell from another, and to reconfigure or add one (ADR 042).
 */
export function PlatformTab() {
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
    </div>
  );
}
