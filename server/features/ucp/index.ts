/** The Universal Commerce Protocol (UCP 2026-04-08) front door: business profile, REST checkout and orders over ACP's session layer and the engine (ADR 048). */
export { registerUcpRoutes } from './routes';
export { CARD_HANDLER, LIGHTNING_HANDLER, UCP_PROFILE_PATH, UCP_REST_PREFIX, UCP_VERSION } from './protocol';
export {
  checkPlatformSignature,
  type IncomingUcpRequest,
  type PlatformSignatureResult,
} from './platform-signature';
export { isUcpSession, recordUcpOrderEvent, ucpPlatformChannel, type UcpWebhookDeps } from './order-webhooks';

import type { JobDefinition } from '../../jobs/queue';
import { deliveryJob } from '../outbound-webhooks';
import { ucpPlatformChannel as channel, type UcpWebhookDeps as Deps } from './order-webhooks';

/** The UCP platforms' order webhook deliveries, on the shared delivery job and retry policy. */
export function ucpJobs(deps: Deps): JobDefinition<never>[] {
  return [deliveryJob(deps, channel(deps))] as JobDefinition<never>[];
}
export { merchantSigningKey } from './signing-keys';
