import { useBillingSummary } from './api';
import { OrderUsageBanner } from './order-usage-banner';
import { TrialBanner } from './trial-banner';

/** The dashboard's trial and order-usage banners, from the billing summary (nothing while it loads). */
export function BillingBanners() {
  const summary = useBillingSummary();
  if (!summary.data) return null;
  return (
    <div className="space-y-3">
      <TrialBanner trial={summary.data.trial} />
      <OrderUsageBanner usage={summary.data.usage} />
    </div>
  );
}
