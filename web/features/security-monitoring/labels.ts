import type { AdvancedThreatPattern, CheckoutAccessEvent, SecurityLogEntry } from '#common/api/security';

export const PATTERN_LABELS: Record<AdvancedThreatPattern['pattern_type'], string> = {
  rapid_data_access: 'Rapid data access',
  brute_force_auth: 'Brute-force sign-in',
  unusual_checkout_amount: 'Unusual checkout amount',
};

export const SEVERITY_BADGES = { critical: 'danger', high: 'danger', medium: 'warning' } as const;

/** Who read checkout data: a merchant's user, or an agent named by 8 characters of its key's id. */
export function readerLabel(event: Pick<CheckoutAccessEvent, 'via' | 'key_id'>): string {
  if (event.via === 'dashboard') return 'Dashboard user';
  const surface = event.via === 'acp' ? 'ACP agent' : 'Agent API';
  return event.key_id ? `${surface} · key ${event.key_id}` : surface;
}

const EVENT_TYPES: Record<string, string> = {
  auth_failure: 'Failed sign-in',
  suspicious_activity: 'Suspicious activity',
  api_key_usage: 'API key use',
};

/** A security event in a line: its kind, then what it was about (the server already masked it). */
export function securityEventLabel(entry: SecurityLogEntry): { title: string; detail: string | null } {
  const title = EVENT_TYPES[entry.type] ?? entry.type;
  const parts = [
    entry.name?.replaceAll('_', ' '),
    ...['email', 'key_id', 'keyId', 'path', 'form']
      .map((key) => entry.details[key])
      .filter((value): value is string => typeof value === 'string'),
  ].filter(Boolean);
  return { title, detail: parts.length ? parts.join(' · ') : null };
}
