// Webhooks the app sends to the outside (docs/webhooks.md): one delivery log, job and retry policy for
// every channel; each channel brings its own signature scheme.
export {
  attemptDelivery,
  deliveryJob,
  DELIVERY_RETRY_DELAY_SECONDS,
  DELIVERY_RETRY_LIMIT,
  listDeliveries,
  queueDelivery,
  redeliver,
  type DeliveryJob,
  type OutboundWebhookDeps,
  type WebhookChannel,
} from './deliveries';
export {
  ANSWER_BODY_LIMIT,
  ANSWER_EXCERPT_CHARS,
  plainTextExcerpt,
  postWebhook,
  type WebhookAnswer,
} from './post-webhook';
export { assertSendableUrl, checkEndpointUrl, type EndpointUrlMessages } from './endpoint-url';
