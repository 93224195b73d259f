import type { AdvancedThreatPattern, CheckoutAccessEvent } from '#common/api/security';

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
