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
