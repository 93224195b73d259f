// Refunds (issue 24, ADR 047): the ledger of money given back, its API and its provider calls.
export { registerRefundRoutes } from './routes';
export { registerRefundWebhookRoutes } from './webhook-routes';
export { openWebhookSecret, STRIPE_WEBHOOK_EVENTS, stripeRefundWebhookPath } from './webhook-events';
export { refundJobs } from './jobs';
export { buyerLightningRefunds, LIGHTNING_REFUND_MESSAGES, payBuyerInvoice } from './lightning-refund';
