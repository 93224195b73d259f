import { useQuery } from '@tanstack/react-query';
import { storefrontListingsOutput } from '#common/api/storefront';
import { apiRequest } from '#web/lib/api-client';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

const LISTINGS_KEY = ['storefront-listings'] as const;

/** GET /api/storefront-listings: the store's products and which are on the merchant's storefront. */
export const useStorefrontListings = () =>
  useQuery({
    queryKey: LISTINGS_KEY,
    queryFn: () => apiRequest('/api/storefront-listings', { schema: storefrontListingsOutput }),
  });

export interface ListingChoice {
  productId: string;
  variantId: string | null;
}

/** PUT /api/storefront-listings: publishes exactly these products, in step with the store. */
export const useSaveStorefrontListings = () =>
  useInvalidatingMutation(
    (products: ListingChoice[]) =>
      apiRequest('/api/storefront-listings', {
        method: 'PUT',
        body: { products },
        schema: storefrontListingsOutput,
      }),
    [LISTINGS_KEY],
  );
