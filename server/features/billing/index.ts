// Billing's public entry (docs/decisions/012): plans, trial, usage and notices other features read.
export { dueBillingNotices, type BillingNotice } from './notices';
export { currentFeeBasisPoints, currentPlan, isSubscribed, planOf } from './plan';
export { merchantTrial } from './trial';
export {
  featurePlan,
  featurePlanOf,
  hasPlanFeature,
  requirePlanFeature,
  upgradeRequired,
} from './plan-features';
export { billingCurrency, monthlyUsage, OVERAGE_PER_ORDER_MINOR, type MonthlyUsage } from './usage';
export { monthOrderCount } from './month-order-count';
export { orderUsage, trialStatus, type OrderUsage, type TrialStatus } from '#common/domain/trial-and-usage';
export { monthlyFees, orderFee, type MonthlyFees } from './fees';
export { billingJobs } from './jobs';
export { orderChargeSubscriber } from './order-charge-subscriber';
export { recordOrderCharge } from './record-order-charge';
export { createPlatformBilling, type PlatformBilling } from './platform-stripe';
export { BILLING_WEBHOOK_PATH, registerBillingRoutes } from './routes';
export { subscribeBillingWebhook } from './webhook-endpoint';
