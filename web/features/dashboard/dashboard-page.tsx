import { ROUTES } from '#common/routes';
import { AgentReadinessPanel } from '#web/features/readiness/agent-readiness-panel';
import { useSeo } from '#web/lib/use-seo';

/**
 * /dashboard. For now it holds the Agent Readiness panel; the dashboard's other cards (orders,
 * subscription, store connections, security) arrive with their own issue, around it.
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
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
        <p className="mt-1 text-slate-600">
          Check that AI agents can buy from your store, and fix what stops them.
        </p>
      </header>
      <AgentReadinessPanel />
    </div>
  );
}
