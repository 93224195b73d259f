import type { ReadinessReport } from '#common/api/readiness';

/** How good a state is: drives the colour and icon, always shown next to words that say the same. */
export type Tone = 'good' | 'warning' | 'error';

export interface StatusLabel {
  label: string;
  tone: Tone;
}

const OVERALL: Record<ReadinessReport['status'], StatusLabel> = {
  OK: { label: 'Ready', tone: 'good' },
  READY: { label: 'Ready', tone: 'good' },
  DEGRADED: { label: 'Degraded', tone: 'warning' },
  BLOCKED: { label: 'Blocked', tone: 'error' },
};

/** The readiness badge: OK or READY = Ready, DEGRADED = Degraded, BLOCKED = Blocked, else Error. */
export function overallStatus(status: string | undefined): StatusLabel {
  return OVERALL[status as ReadinessReport['status']] ?? { label: 'Error', tone: 'error' };
}

type Service = ReadinessReport['services'][keyof ReadinessReport['services']];

/**
 * The per-service icon: healthy and configured is good; configured but unhealthy is a warning;
 * otherwise (not set up) an error.
 */
export function serviceStatus({ healthy, configured }: Service): StatusLabel {
  if (configured && healthy) return { label: 'Healthy', tone: 'good' };
  if (configured) return { label: 'Not responding', tone: 'warning' };
  return { label: 'Not set up', tone: 'error' };
}

/** The services in the order the panel lists them, with the names a merchant knows them by. */
export const SERVICES: { key: keyof ReadinessReport['services']; name: string }[] = [
  { key: 'app', name: 'AgentCart app' },
  { key: 'crypto', name: 'Encryption' },
  { key: 'stripe', name: 'Card provider (Stripe)' },
  { key: 'bitcoin', name: 'Bitcoin Lightning' },
];

/**
 * The doors agents buy through, in the order the panel lists them. UCP also needs the merchant's signing
 * key (its business profile and order webhooks are signed), so it can be closed while the others are open.
 */
export const PROTOCOLS: { key: keyof ReadinessReport['protocols']; name: string }[] = [
  { key: 'agent_api', name: 'Agent API' },
  { key: 'acp', name: 'ACP (ChatGPT)' },
  { key: 'ucp', name: 'UCP' },
];

/**
 * Whether a protocol takes agents' orders. UCP closed while the agent API is open can only be its signing
 * key (the rest is shared), so it says so, as a warning: agents can still buy through the others.
 */
export function protocolStatus(
  key: keyof ReadinessReport['protocols'],
  protocols: ReadinessReport['protocols'],
): StatusLabel {
  if (protocols[key]) return { label: 'Taking orders', tone: 'good' };
  if (key === 'ucp' && protocols.agent_api) return { label: 'Signing key unavailable', tone: 'warning' };
  return { label: 'Not taking orders', tone: 'error' };
}
