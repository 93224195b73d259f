import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { ROUTES } from '#common/routes';
import { Card, CardContent } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { ResponsiveTabsList } from '#web/components/ui/responsive-tabs-list';
import { Tabs, TabsContent } from '#web/components/ui/tabs';
import { useAccount } from '#web/features/account';
import { useStripeReturn } from '#web/features/connections';
import { useSeo } from '#web/lib/use-seo';
import { SETTINGS_TABS, tabFromQuery, type SettingsTab } from './settings-tabs';
import type { MerchantView } from '#common/api/merchant';
import { ApiTab } from './tabs/api-tab';
import { GeneralTab } from './tabs/general-tab';
import { PaymentsTab } from './tabs/payments-tab';
import { PlatformTab } from './tabs/platform-tab';
import { SecurityTab } from './tabs/security-tab';
import { StorefrontTab } from './tabs/storefront-tab';
import { NotificationsTab } from './tabs/notifications-tab';
import { WebhooksTab } from './tabs/webhooks-tab';

/** /settings: its tabs; `?tab=` picks one (stripe and bitcoin open payments). */
export default function SettingsPage() {
  useSeo({
    title: 'Settings',
    description: 'Your profile, store platform, payment providers and agent API key.',
    path: ROUTES.settings.path,
    noIndex: true,
  });
  useStripeReturn();
  const [params, setParams] = useSearchParams();
  const tab = tabFromQuery(params.get('tab'));
  const account = useAccount();
  const selectTab = (next: string) => setParams({ tab: next }, { replace: true });

  return (
    <div className="grid gap-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="mt-1 text-slate-600">Your business, store, payments and the key AI agents use.</p>
      </header>
      <Tabs value={tab} onValueChange={selectTab}>
        {/* Eight tabs fit a row only on a wide screen: below it the section is picked from a list. */}
        <ResponsiveTabsList
          label="Settings section"
          below="lg"
          value={tab}
          onValueChange={selectTab}
          choices={Object.entries(SETTINGS_TABS).map(([id, label]) => ({
            value: id,
            tab: label,
            text: label,
          }))}
        />
        <Card className="mt-4">
          <CardContent className="pt-6">
            {account.isPending ? (
              <div className="grid gap-3" aria-busy="true">
                <span role="status" className="sr-only">
                  Loading your settings
                </span>
                <Skeleton className="h-10 w-full max-w-xl" />
                <Skeleton className="h-10 w-full max-w-xl" />
              </div>
            ) : account.isError ? (
              <LoadError
                title="Your settings could not be loaded"
                onRetry={() => account.refetch()}
                retrying={account.isFetching}
              >
                <p>{account.error.message}</p>
              </LoadError>
            ) : (
              <TabPanels merchant={account.data.merchant} />
            )}
          </CardContent>
        </Card>
      </Tabs>
    </div>
  );
}

function TabPanels({ merchant }: { merchant: MerchantView | null }) {
  const panels: Record<SettingsTab, ReactNode> = {
    general: <GeneralTab merchant={merchant} />,
    platform: <PlatformTab merchant={merchant} />,
    payments: merchant ? (
      <PaymentsTab merchant={merchant} />
    ) : (
      <p className="text-sm text-slate-600">Save the General tab first to create your merchant account.</p>
    ),
    api: <ApiTab />,
    webhooks: <WebhooksTab />,
    notifications: <NotificationsTab />,
    storefront: <StorefrontTab />,
    security: <SecurityTab />,
  };
  return (
    <>
      {Object.entries(panels).map(([id, panel]) => (
        <TabsContent key={id} value={id}>
          {panel}
        </TabsContent>
      ))}
    </>
  );
}
