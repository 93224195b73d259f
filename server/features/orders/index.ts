// The merchant's orders: their routes, and the dashboard's view of one order (reused by cancellations).
export { registerOrderRoutes } from './routes';
export { toOrderView } from './list-orders';
