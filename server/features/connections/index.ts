export { requireMerchant, requireMerchantForScope } from './require-merchant';
