import type { SubscriptionState } from '#common/api/billing';
import { apiRequest } from '#web/lib/api-client';

/**
 * check-subscription; `refresh` makes the server read Stripe again (after checkout or the portal).
 * The app shell loads this module only once someone is signed in (a dynamic import in the auth
 * provider), so the landing page pays nothing for it; the answer's type comes from the contract.
 */
export function checkSubscription(refresh = false): Promise<SubscriptionState> {
  return apiRequest<SubscriptionState>(`/api/billing/check-subscription${refresh ? '?refresh=true' : ''}`);
}
