export { registerStorefrontRoutes } from './routes';
export { STOREFRONT_FEE_PERCENT } from './storefront';
