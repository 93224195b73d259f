export { registerStorefrontRoutes } from './routes';
export { STOREFRONT_FEE_PERCENT, storefrontDepsOf } from './storefront';
export { STOREFRONT_WEBHOOK_PATH } from './storefront-webhook';
export { subscribeStorefrontWebhook } from './webhook-endpoint';
export { storefrontJobs } from './jobs';
