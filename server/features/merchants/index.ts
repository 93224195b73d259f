export { createMerchantForUser } from './create-merchant';
