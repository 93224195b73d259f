import { ROUTES } from '#common/routes';
import { useAccount } from '#web/features/account';
import { BillingBanners, FeesCard, SubscriptionCard } from '#web/features/billing';
import { AgentReadinessPanel } from '#web/features/readiness';
import { SecurityMonitoringSection } from '#web/features/security-monitoring';
import { useSeo } from '#web/lib/use-seo';
import { ProductionReadinessCard } from './production-readiness-card';
import { QuickLinks } from './quick-links';
import { RecentActivityCard } from './recent-activity-card';
import { StoreConnectionsCard } from './store-connections-card';
import { SystemHealthCard } from './system-health-card';

/**
 * /dashboard: the merchant's day at a glance. A wide column for what changes as agents buy (orders,
 * readiness, threats) and a narrow one for the state of the account (health, billing, connections,
 * security); on a phone they stack, the wide column first.
 */
export default function DashboardPage() {
  useSeo({
    title: 'Dashboard',
    description: 'Your agent readiness, orders and connections at a glance.',
    path: ROUTES.dashboard.path,
    noIndex: true,
  });
  return (
    <div className="space-y-6">
      <DashboardHeader />
      <BillingBanners />
      <QuickLinks />
      <div className="grid items-start gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <div className="space-y-6 lg:col-span-2">
          <RecentActivityCard />
          <AgentReadinessPanel />
          {/* Here rather than in the narrow column, so the two columns end about level. */}
          <ProductionReadinessCard />
        </div>
        <div className="space-y-6">
          <SystemHealthCard />
          <SubscriptionCard />
          <FeesCard />
          <StoreConnectionsCard />
        </div>
      </div>
      <SecurityMonitoringSection />
    </div>
  );
}

function DashboardHeader() {
  const account = useAccount();
  const merchantId = account.data?.merchant?.id;
  return (
    <header className="flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
        <p className="mt-1 text-slate-600">Your orders, agent readiness and connections at a glance.</p>
      </div>
      {merchantId && (
        <p className="text-sm text-slate-600">
          Merchant ID{' '}
          <span title={merchantId} className="rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900">
            {merchantId.slice(0, 8)}
          </span>
        </p>
      )}
    </header>
  );
}
