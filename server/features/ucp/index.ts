export { registerUcpRoutes } from './routes';
export { UCP_PROFILE_PATH, UCP_REST_PREFIX, UCP_VERSION } from './protocol';
