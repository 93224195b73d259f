import { KeyRound, LifeBuoy, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ROUTES } from '#common/routes';
import { Badge } from '#web/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card';
import { ResponsiveTabsList } from '#web/components/ui/responsive-tabs-list';
import { Tabs, TabsContent } from '#web/components/ui/tabs';
import { useSeo } from '#web/lib/use-seo';
import { useConnections } from './api/list-connections';
import { ConnectedStores } from './store/connected-stores';
import { StoreConnectionForm } from './store/store-connection-form';

/**
 * The platform in the address (/setup-store takes an optional `platform`), else the server's
 * first platform (WooCommerce). The platforms are the server's (GET /api/connections, ADR 011).
 */
function usePlatformParam(platformIds: string[]) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('platform');
  const platform = requested && platformIds.includes(requested) ? requested : (platformIds[0] ?? '');
  const choose = (next: string) => {
    if (platformIds.includes(next)) setParams({ platform: next }, { replace: true });
  };
  return [platform, choose] as const;
}

/** /setup-store: connect a store on any of five platforms; success goes to the dashboard. */
export default function SetupStorePage() {
  useSeo({
    title: 'Connect your store',
    description:
      'Connect WooCommerce, Shopify, BigCommerce, Magento or your own API to sell through AI agents.',
    path: ROUTES.setupStore.path,
    noIndex: true,
  });
  const navigate = useNavigate();
  const connections = useConnections();
  const platforms = connections.data?.platforms ?? [];
  const [platform, choosePlatform] = usePlatformParam(platforms.map((p) => p.id));
  const comingSoon = new Set(platforms.filter((p) => p.availability === 'coming_soon').map((p) => p.id));

  return (
    <div className="space-y-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">Store setup</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">Connect your store</h1>
        <p className="mt-2 text-slate-600">
          AI agents read your catalogue and place paid orders straight into your own store. Pick your
          platform, test the connection, then save it.
        </p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
        <Card>
          {!connections.data && (
            // The platforms come with the connections; until then the form shows its loading state or error.
            <CardContent className="pt-6">
              <StoreConnectionForm platform={platform} onSaved={() => navigate(ROUTES.dashboard.path)} />
            </CardContent>
          )}
          {connections.data && (
            <Tabs value={platform} onValueChange={choosePlatform}>
              <CardHeader className="gap-4 border-b border-slate-100">
                {/* Five tabs do not fit a phone: there the platform is picked from a list. */}
                <ResponsiveTabsList
                  label="Store platform"
                  className="w-full"
                  value={platform}
                  onValueChange={choosePlatform}
                  choices={platforms.map(({ id, name }) => ({
                    value: id,
                    text: comingSoon.has(id) ? `${name} (coming soon)` : name,
                    tab: (
                      <>
                        {name}
                        {comingSoon.has(id) && (
                          <span className="rounded-full bg-amber-100 px-1.5 text-[0.65rem] font-semibold uppercase text-amber-900">
                            Soon
                            <span className="sr-only"> (coming soon)</span>
                          </span>
                        )}
                      </>
                    ),
                  }))}
                />
              </CardHeader>
              {platforms.map(({ id, name, summary }) => (
                <TabsContent key={id} value={id} className="mt-0">
                  <CardContent className="grid gap-6 pt-6">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div>
                        <h2 className="text-lg font-semibold text-slate-900">{name}</h2>
                        <p className="mt-1 text-sm text-slate-600">{summary}</p>
                      </div>
                      {comingSoon.has(id) ? (
                        <Badge variant="warning">Coming Soon</Badge>
                      ) : (
                        <Badge variant="success">Production Ready</Badge>
                      )}
                    </div>
                    <StoreConnectionForm platform={id} onSaved={() => navigate(ROUTES.dashboard.path)} />
                  </CardContent>
                </TabsContent>
              ))}
            </Tabs>
          )}
        </Card>

        <aside aria-label="About store connections" className="grid gap-4">
          {(connections.data?.stores.length ?? 0) > 0 && (
            <Card>
              <CardHeader className="p-5 pb-3">
                <CardTitle className="text-sm">Your stores</CardTitle>
                <CardDescription>Agents sell from the store marked Selling.</CardDescription>
              </CardHeader>
              <CardContent className="p-5 pt-0">
                <ConnectedStores empty={null} />
              </CardContent>
            </Card>
          )}
          <SideNote icon={KeyRound} title="Test first, then save">
            We check your credentials against your store before anything is saved. Save stays off until the
            test passes.
          </SideNote>
          <SideNote icon={ShieldCheck} title="Your keys stay secret">
            Credentials are encrypted (AES-256-GCM) as soon as they arrive and are never shown again, not even
            to you.
          </SideNote>
          <SideNote icon={LifeBuoy} title="Need a hand?">
            The{' '}
            <Link to={ROUTES.docs.path} className="font-medium text-brand-700 hover:underline">
              API documentation
            </Link>{' '}
            walks through each platform, or{' '}
            <Link to={ROUTES.contact.path} className="font-medium text-brand-700 hover:underline">
              contact us
            </Link>
            .
          </SideNote>
        </aside>
      </div>
    </div>
  );
}

function SideNote({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader className="flex-row items-start gap-3 space-y-0 p-5">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="size-4" />
        </span>
        <div className="grid gap-1">
          <CardTitle className="text-sm">{title}</CardTitle>
          <CardDescription>{children}</CardDescription>
        </div>
      </CardHeader>
    </Card>
  );
}
