import { BarChart3, Bot, CreditCard, Settings, Store, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ROUTES } from '#common/routes';

interface QuickLink {
  to: string;
  title: string;
  description: string;
  icon: LucideIcon;
}

const LINKS: QuickLink[] = [
  {
    to: ROUTES.settings.path,
    title: 'Settings',
    description: 'Profile, payments, API keys',
    icon: Settings,
  },
  {
    to: ROUTES.payments.path,
    title: 'Payments',
    description: 'Every payment and its status',
    icon: CreditCard,
  },
  {
    to: ROUTES.analytics.path,
    title: 'Analytics',
    description: 'Revenue and conversion',
    icon: BarChart3,
  },
  {
    to: ROUTES.agentTesting.path,
    title: 'Agent Testing',
    description: 'Run a test checkout',
    icon: Bot,
  },
  {
    // The storefront's settings: which products it sells, and the link to the public page.
    to: `${ROUTES.settings.path}?tab=storefront`,
    title: 'Storefront',
    description: 'Your public shop and its products',
    icon: Store,
  },
];

/** The dashboard's shortcuts to the pages a merchant visits most. */
export function QuickLinks() {
  return (
    <nav aria-label="Quick links">
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-5">
        {LINKS.map(({ to, title, description, icon: Icon }) => (
          <li key={title}>
            <Link
              to={to}
              className="group flex h-full items-start gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors hover:border-brand-300 hover:bg-brand-50/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 group-hover:bg-brand-100">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{title}</span>
                <span className="hidden text-sm text-slate-600 sm:block">{description}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
