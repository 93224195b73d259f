// The storefront feature's public entry: what Settings › Storefront uses. The public pages are routes.
export {
  useSaveStorefrontListings,
  useStorefrontListings,
  type ListingChoice,
} from './api/storefront-listings';
