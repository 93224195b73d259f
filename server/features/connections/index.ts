export { registerConnectionRoutes } from './routes';
