// The connections feature's public entry: the merchant's connections, the forms that make them (reused
// by onboarding and settings), and the Stripe return handling. The setup-store page is loaded by its route.
export { useCheckAccountStatus } from './api/get-account-status';
export {
  useConnections,
  useIntegrationName,
  useLightningProviderNames,
  usePaymentMethods,
} from './api/list-connections';
export { useDisconnectStripe } from './api/disconnect-stripe';
export { useStartExpressOnboarding } from './api/start-express-onboarding';
export { BitcoinSettingsForm } from './payments/bitcoin-settings-form';
export { CARD_PROVIDER, CardProviderConnect, ConnectedCardAccount } from './payments/card-provider-connect';
export { ConnectedStores, SellFromButton, SellingBadge } from './store/connected-stores';
export { StoreConnectionForm } from './store/store-connection-form';
export { useStripeReturn } from './use-stripe-return';
