// Merchant notifications (docs/decisions/029): the switches per event, e-mail through the mail module,
// the in-app bell live on the dashboard's stream, and the triggers: each order and store switch told once,
// conditions at most once an hour, and an hourly digest for merchants who choose it (ADR 042).
export { createAgentCallMonitor, type AgentCallMonitor } from './agent-call-monitor';
export { deliverBillingNotices, notificationJobs } from './billing-triggers';
export { sendNotificationDigests } from './digest';
export { notificationStreamChannel } from './inbox';
export { notify, notifyDepsOf, type Notice, type NotifyDeps } from './notify';
export { notificationOrderSubscriber } from './order-triggers';
export { registerNotificationRoutes } from './routes';
