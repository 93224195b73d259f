import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { billingKeys, checkSubscription, openCustomerPortal, PORTAL_RETURN_RECHECK_MS } from './api';

/**
 * Opens the customer portal in a new window. The window is opened before the request (browsers only
 * allow it in the click) and pointed at the portal once its session exists. When the merchant comes back
 * to this tab, the subscription is read from Stripe again 5 s later, so a change made there shows.
 */
export function useOpenPortal() {
  const queryClient = useQueryClient();
  const [opening, setOpening] = useState(false);
  const open = useCallback(async () => {
    const portal = window.open('', '_blank');
    setOpening(true);
    try {
      const { url } = await openCustomerPortal();
      if (portal) portal.location.href = url;
      else window.location.href = url;
      window.addEventListener(
        'focus',
        () =>
          setTimeout(async () => {
            try {
              queryClient.setQueryData(billingKeys.subscription, await checkSubscription(true));
            } finally {
              await queryClient.invalidateQueries({ queryKey: ['billing'] });
            }
          }, PORTAL_RETURN_RECHECK_MS),
        { once: true },
      );
    } catch {
      portal?.close();
      toast.error('Failed to open portal', { description: 'Unable to access subscription management' });
    } finally {
      setOpening(false);
    }
  }, [queryClient]);
  return { open, opening };
}
