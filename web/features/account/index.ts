// The account feature's public entry: the signed-in user's merchant, and its payment method switches.
export { useAccount } from './api/get-account';
export { useUpdatePaymentMethods } from './api/update-payment-methods';
