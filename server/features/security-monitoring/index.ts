export { createCheckoutAccessRecorder, type CheckoutAccessRecorder } from './access-recorder';
export { agentAccess } from './agent-access';
export type { CheckoutAccess } from './checkout-access';
export { recordBuyerDetailsShown } from './dashboard-access';
