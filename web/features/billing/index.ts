// The billing feature's public entry: the dashboard's banners and cards, and the subscription check.
export { billingKeys, checkSubscription, createCheckout, SUBSCRIPTION_POLL_MS } from './api';
export { BillingBanners } from './billing-banners';
export { FeesCard } from './fees-card';
export { OrderUsageBanner } from './order-usage-banner';
export { SubscriptionCard } from './subscription-card';
export { TrialBanner } from './trial-banner';
