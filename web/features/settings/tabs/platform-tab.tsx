import { ExternalLink, Store } from 'lucide-react';
import { Link } from 'react-router';
import type { MerchantView } from '#common/api/merchant';
import { ROUTES } from '#common/routes';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { useIntegrationName } from '#web/features/connections';

const hostnameOf = (url: string | null) => {
  try {
    return url ? new URL(url).hostname : null;
  } catch {
    return null;
  }
};

/** Settings › Platform: the connected store platform, or a way to connect one. */
export function PlatformTab({ merchant }: { merchant: MerchantView | null }) {
  const platform = merchant?.platform;
  const labelOf = useIntegrationName();
  if (!platform) {
    return (
      <div className="grid max-w-xl justify-items-start gap-3">
        <p className="text-sm text-slate-600">
          No store is connected. Agents need one to read your catalogue and place orders.
        </p>
        <Button asChild>
          <Link to={ROUTES.setupStore.path}>Connect Platform</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid max-w-xl gap-4">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
          <Store aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-slate-900">{labelOf(platform)}</p>
          <p className="text-sm text-slate-600">
            {hostnameOf(merchant.storeUrl) ?? 'Store address not recorded'}
          </p>
        </div>
        <Badge variant="success" className="ml-auto">
          Active
        </Badge>
      </div>
      <Field label="Store URL">
        <Input readOnly value={merchant.storeUrl ?? ''} />
      </Field>
      <div className="flex flex-wrap gap-3">
        {/* Onboarding is done once; a different store or new credentials are set up on the store page. */}
        <Button asChild variant="outline">
          <Link to={`${ROUTES.setupStore.path}?platform=${platform}`}>Reconfigure</Link>
        </Button>
        {merchant.storeUrl && (
          <Button asChild variant="ghost">
            <a href={merchant.storeUrl} target="_blank" rel="noreferrer">
              Open store
              <ExternalLink aria-hidden="true" />
            </a>
          </Button>
        )}
      </div>
    </div>
  );
}
