// The merchant's own webhooks (docs/webhooks.md): engine events to the merchant's endpoint, signed under
// Standard Webhooks, through the shared outbound-webhook delivery.
export { merchantWebhookJobs } from './jobs';
export { merchantWebhookSubscriber } from './record-event';
export { registerMerchantWebhookRoutes } from './routes';
