export { registerOrderStatusRoutes } from './routes';
