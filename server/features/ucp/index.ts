/** The Universal Commerce Protocol (UCP 2026-04-08) front door: business profile, REST checkout and orders over ACP's session layer and the engine (ADR 048). */
export { registerUcpRoutes } from './routes';
export { UCP_PROFILE_PATH, UCP_REST_PREFIX, UCP_VERSION } from './protocol';
