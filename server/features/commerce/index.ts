// The engine's public entry: features drive it through what is exported here (docs/decisions/012).
export { readCatalogue } from './catalogue';
export { CommerceError, type CommerceErrorCode } from './commerce-error';
export { confirmCheckout, type ConfirmResult, type EngineDeps } from './confirm-checkout';
export { createCheckout } from './create-checkout';
export { createOffer, saveOffer, type SalesOrigin } from './create-offer';
export { commerceJobs, queueRecovery } from './jobs';
export { createOfferCaches, type OfferCaches } from './offer-caches';
export {
  canPayOut,
  merchantCardAccount,
  merchantLightningAccount,
  merchantPayoutAccount,
  lightningProviderName,
  paymentAccountMismatch,
  merchantStore,
  type MerchantStore,
  type CardAccount,
  type CommerceDeps,
} from './merchant-accounts';
export { itemsSubtotal, priceBasket, type BasketProblem } from './pricing';
export { refreshOrderFromStore } from './refresh-order';
export {
  loadPaymentConnection,
  PAYMENT_CONNECTION_DISCONNECTED,
  loadStoreConnection,
  paymentContextFor,
  storeContextFor,
} from './saved-connections';
export { recordPaymentFailure } from './settlement';
export { paymentWebhookUrl, registerPaymentWebhookRoutes } from './webhook-routes';
export { recordExternalSale, type ExternalSale } from './record-external-sale';
