import type { Db } from '../../db/client';
import { securityEvents } from '../../db/schema/index';
import { sha256Hex } from '../../lib/hash';

export interface SecurityEventInput {
  type:
    'auth_failure' | 'suspicious_activity' | 'api_key_usage' | 'checkout_data_accessed' | 'settings_change';
  name?: string;
  merchantId?: string | null;
  /** The e-mail the event is about; stored only as a hash, and masked in details by the caller. */
  subjectEmail?: string;
  details?: Record<string, unknown>;
  ipAddress?: string;
  userAgent?: string;
}

export function subjectHash(email: string): string {
  return sha256Hex(email.trim().toLowerCase());
}

export async function recordSecurityEvent(db: Db, event: SecurityEventInput): Promise<void> {
  await db.insert(securityEvents).values({
    type: event.type,
    name: event.name ?? null,
    merchantId: event.merchantId ?? null,
    subjectHash: event.subjectEmail ? subjectHash(event.subjectEmail) : null,
    details: event.details ?? {},
    ipAddress: event.ipAddress ?? null,
    userAgent: event.userAgent?.slice(0, 500) ?? null,
  });
}
