// The billing feature's public entry: the dashboard's banners and cards, and the plan checkout.
export { billingKeys, createCheckout } from './api';
export { BillingBanners } from './billing-banners';
export { FeesCard } from './fees-card';
export { OrderUsageBanner } from './order-usage-banner';
export { SubscriptionCard } from './subscription-card';
export { TrialBanner } from './trial-banner';
export { TryPlanInSandbox, UpgradePrompt, usePlanFeature } from './upgrade-prompt';
