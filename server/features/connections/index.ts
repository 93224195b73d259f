export type { IntegrationRuntime } from './integration-runtime';
export { loadPaymentConnection, paymentContextFor } from './payment-connections';
export { PAYMENT_API_BASE } from './provider-endpoints';
export { requireMerchant, requireMerchantForScope } from './require-merchant';
export { loadStoreConnection, storeContextFor } from './store-connections';
