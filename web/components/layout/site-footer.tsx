import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import { ROUTES } from '#common/routes';
import { Logo } from './logo';

const COLUMNS = [
  {
    title: 'Product',
    links: [
      { to: ROUTES.pricing.path, label: ROUTES.pricing.label },
      { to: ROUTES.supported.path, label: 'Supported platforms' },
      { to: ROUTES.enterpriseCalculator.path, label: ROUTES.enterpriseCalculator.label },
      { to: ROUTES.docs.path, label: 'API documentation' },
    ],
  },
  {
    title: 'Solutions',
    links: [
      { to: ROUTES.chatgptEcommerce.path, label: ROUTES.chatgptEcommerce.label },
      { to: ROUTES.bitcoinLightning.path, label: ROUTES.bitcoinLightning.label },
      { to: ROUTES.caseStudies.path, label: 'Case studies' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: ROUTES.contact.path, label: ROUTES.contact.label },
      { to: ROUTES.terms.path, label: ROUTES.terms.label },
      { to: ROUTES.privacy.path, label: ROUTES.privacy.label },
    ],
  },
];

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_repeat(3,1fr)]">
        <div className="space-y-3">
          <Logo />
          <p className="max-w-xs text-sm text-slate-600">
            Payment orchestration for AI-agent checkout. You stay the merchant of record: payments settle
            directly to your own providers.
          </p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="text-sm font-medium text-brand-700 hover:underline">
            {SUPPORT_EMAIL}
          </a>
        </div>
        {COLUMNS.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold text-slate-900">{col.title}</h2>
            <ul className="mt-3 space-y-2">
              {col.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className="text-sm text-slate-600 hover:text-slate-900">
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-200">
        <p className="mx-auto max-w-6xl px-4 py-6 text-xs text-slate-500 sm:px-6">
          © {new Date().getFullYear()} {PRODUCT_NAME}. A software platform, not a payment gateway:{' '}
          {PRODUCT_NAME} never holds buyer funds.
        </p>
      </div>
    </footer>
  );
}
