import type { MerchantView } from '#common/api/merchant';
import type { Merchant } from '../../db/schema/index';
import { cardStateOf } from './payment-methods';

/** The dashboard's view of a merchant row: display fields only, never hashes or credentials. */
export function toMerchantView(m: Merchant): MerchantView {
  return {
    id: m.id,
    name: m.name,
    region: m.region,
    defaultCurrency: m.defaultCurrency,
    createdAt: m.createdAt.toISOString(),
    platform: m.platform,
    storeUrl: m.storeUrl,
    logoUrl: m.logoUrl,
    onboardingState: m.onboardingState,
    payments: {
      card: cardStateOf(m),
      cardAccountId: cardStateOf(m) === 'connected' ? m.stripeAccountId : null,
      bitcoin: {
        enabled: m.btcEnabled,
        provider: m.btcProvider,
        expiryMins: m.btcConfig.expiryMins ?? null,
      },
    },
    storeCancellationPolicy: m.storeCancellationPolicy === 'refund' ? 'refund' : 'flag',
  };
}
