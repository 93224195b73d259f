import { acpHealthResponse } from '#common/api/discovery';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/acp-health (spec acp-health): whether the ACP API can serve right now. */
export function getAcpHealth() {
  return apiRequest('/api/acp-health', { schema: acpHealthResponse });
}
