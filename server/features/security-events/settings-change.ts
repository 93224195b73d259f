import type { FastifyRequest } from 'fastify';
import { maskEmail } from '#common/domain/privacy';
import type { Db } from '../../db/client';
import { recordSecurityEvent } from './record-security-event';

/** The settings areas a change can be made in, one per Settings tab (and the agent API key). */
export type SettingsArea =
  | 'profile'
  | 'connections'
  | 'api_key'
  | 'webhooks'
  | 'acp_agents'
  | 'notifications'
  | 'storefront'
  | 'security'
  | 'sessions';

/** What stands in for a secret value: the event says it changed, never what it is. */
export const BLANKED = '[blanked]';

/** Key ids are cut to this many characters: enough to tell keys apart, too few to use one. */
const KEY_ID_CHARS = 8;

const SECRET_FIELD = /pass(word)?|secret|token|api_?key|credential|authori[sz]ation|private|cookie/i;
const KEY_ID_FIELD = /key_?id|key_?display|^display$|fingerprint/i;
const EMAIL_FIELD = /e-?mail/i;
const EMAIL = /^[^\s@]+@[^\s@]+$/;
const URL_FIELD = /url$|endpoint/i;

/**
 * An endpoint as the log may keep it: scheme, host and path. User info and the query string are where
 * receivers put their own tokens (`https://user:pass@…`, `?token=…`).
 */
function endpointWithoutSecrets(value: string): string {
  try {
    const { protocol, host, pathname } = new URL(value);
    return `${protocol}//${host}${pathname}`;
  } catch {
    return BLANKED;
  }
}

function sanitizeValue(field: string, value: unknown): unknown {
  if (KEY_ID_FIELD.test(field)) return typeof value === 'string' ? value.slice(0, KEY_ID_CHARS) : value;
  if (SECRET_FIELD.test(field)) return value === null || value === undefined ? value : BLANKED;
  if (URL_FIELD.test(field) && typeof value === 'string') return endpointWithoutSecrets(value);
  if (typeof value === 'string')
    return EMAIL_FIELD.test(field) || EMAIL.test(value.trim()) ? maskEmail(value) : value;
  if (Array.isArray(value)) return value.map((item) => sanitizeValue(field, item));
  if (value && typeof value === 'object') return sanitizeDetails(value as Record<string, unknown>);
  return value;
}

/**
 * Event details as they may be stored: secrets (passwords, tokens, API keys, credentials) blanked,
 * e-mail addresses masked to their first 3 characters, key ids cut to 8, URLs without user info or query. Applied by field name and
 * by value, at any depth, so a caller that forgets a field does not leak it.
 */
export function sanitizeDetails(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).map(([k, v]) => [k, sanitizeValue(k, v)]));
}

export interface SettingsChange {
  merchantId: string;
  area: SettingsArea;
  /** What was done, in snake_case: `updated`, `revoked`, `connected`… */
  action: string;
  /** The fields that changed and, where they are not secret, their new values. */
  changes?: Record<string, unknown>;
}

/**
 * Records a change a signed-in merchant made in settings as a security event (`settings_change`,
 * named `<area>.<action>`), with who made it from where. Every settings route calls this after its
 * change is stored; the details go through sanitizeDetails whatever the caller passed.
 */
export function recordSettingsChange(db: Db, request: FastifyRequest, change: SettingsChange) {
  return recordSecurityEvent(db, {
    type: 'settings_change',
    name: `${change.area}.${change.action}`,
    merchantId: change.merchantId,
    details: sanitizeDetails({ area: change.area, action: change.action, ...change.changes }),
    ipAddress: request.ip,
    userAgent: request.headers['user-agent'],
  });
}
