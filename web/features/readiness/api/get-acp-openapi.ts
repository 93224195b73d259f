import { acpOpenApiDocument } from '#common/api/discovery';
import { apiRequest } from '#web/lib/api-client';

/** GET /api/acp-openapi (spec acp-openapi): the OpenAPI 3.1 document of both agent APIs. */
export function getAcpOpenApi() {
  return apiRequest('/api/acp-openapi', { schema: acpOpenApiDocument });
}
