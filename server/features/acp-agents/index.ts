export { acpOrderPermalink, acpOrderStatus } from './order-event-payload';
