// The payments feature's public entry: the Refund action, which the dashboard's orders reuse. The
// payments page itself is loaded by its route.
export { RefundDialog } from './refunds/refund-dialog';
export { CancelOrderAction } from './cancellations/cancel-order-dialog';
