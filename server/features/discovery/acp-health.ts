import { ACP_VERSIONS, LATEST_ACP_VERSION } from '../acp';
import type { AcpHealthResponse } from '#common/api/discovery';
import type { ServiceHealth, StatusResponse } from '#common/api/status';
import type { AppConfig } from '../../config';
import { probedPaymentProviders } from '../../integrations/payments/registry';
import { ACP_OPERATIONS } from './operations';
import type { RouteCatalogue } from './route-catalogue';

/** Each dependency checked, by its key in the status services, with how a reason names it. */
function dependencyLabels(): Record<string, string> {
  return {
    database: 'the database (sessions, API keys, idempotency records)',
    encryption: "the encryption key (merchants' provider credentials)",
    ...Object.fromEntries(
      probedPaymentProviders().map(({ manifest }) => [
        manifest.id,
        `${manifest.name} (the ${manifest.method === 'card' ? 'card' : 'Lightning'} handler)`,
      ]),
    ),
  };
}

/**
 * Whether the ACP API can serve right now. The dependency checks are GET /api/status's own (one
 * definition of healthy, and its provider probes stay cached); on top of them,
 * whether every checkout_sessions operation is registered. A failing dependency is reported, never
 * thrown: the database down is `down` (HTTP 503), anything else failing is `degraded`.
 */
export async function acpHealth(deps: {
  checkHealth: () => Promise<StatusResponse>;
  config: AppConfig;
  catalogue: RouteCatalogue;
  now: () => Date;
}): Promise<AcpHealthResponse> {
  const services = await deps
    .checkHealth()
    .then((status) => status.services)
    .catch(() => null);
  const unknown: ServiceHealth = 'unknown';
  const served = deps.catalogue.served(ACP_OPERATIONS).length;
  const labels = dependencyLabels();
  const checks: AcpHealthResponse['checks'] = {
    endpoints: served === ACP_OPERATIONS.length ? 'operational' : served > 0 ? 'degraded' : 'down',
    database: services?.database ?? unknown,
    encryption: services?.encryption ?? unknown,
    ...Object.fromEntries(Object.keys(labels).map((name) => [name, services?.[name] ?? unknown])),
  };

  const reasons: string[] = [];
  if (!services) reasons.push('The health checks did not answer');
  if (checks.endpoints !== 'operational') {
    reasons.push(`${served} of ${ACP_OPERATIONS.length} checkout_sessions operations are served`);
  }
  for (const [name, label] of Object.entries(labels)) {
    const health = checks[name];
    if (services && health !== 'operational') reasons.push(`${label}: ${health}`);
  }
  const down = !services || checks.database !== 'operational' || checks.endpoints === 'down';
  return {
    status: down ? 'down' : reasons.length > 0 ? 'degraded' : 'ok',
    timestamp: deps.now().toISOString(),
    version: deps.config.version,
    mode: deps.config.mode,
    api_base_url: `${deps.config.publicUrl}/acp`,
    current_version: LATEST_ACP_VERSION,
    supported_versions: [...ACP_VERSIONS],
    checks,
    reasons,
  };
}
