import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { SecuritySettingsView } from '#common/api/account-security';
import { MAX_SESSION_HOURS } from '#common/domain/limits';
import type { SecuritySettingsInput } from '#common/validation/security-settings';
import type { Db } from '../../db/client';
import { merchants, type Merchant, type SecuritySettings } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { allowlistOf, clientAddress, isAddressAllowed, sessionTimeoutOf } from '../auth';
import { upgradeRequired } from '../billing';

/** Parsed input: allowlist entries already in their canonical spelling. */
type ParsedInput = { [K in keyof SecuritySettingsInput]: Exclude<SecuritySettingsInput[K], undefined> };

export const ALLOWLIST_MESSAGES = {
  enterpriseOnly:
    'The IP allowlist is part of the Enterprise plan. Upgrade to add addresses; you can still remove them.',
  lockOut: (address: string) =>
    `This list does not include ${address}, the address you are using now, so saving it would lock you out. Add ${address} first.`,
} as const;

export function securitySettingsView(
  merchant: Merchant,
  request: FastifyRequest,
  access: { allowlistAvailable: boolean; isAdmin: boolean },
): SecuritySettingsView {
  const settings = merchant.securitySettings;
  return {
    sessionTimeoutMinutes: sessionTimeoutOf(settings),
    maxSessionHours: MAX_SESSION_HOURS,
    ipAllowlist: {
      available: access.allowlistAvailable,
      entries: allowlistOf(settings),
      appliesToApiKey: settings.ip_whitelist_agent_api ?? false,
      yourAddress: clientAddress(request.ip),
    },
    isAdmin: access.isAdmin,
  };
}

/**
 * Applies a change to the merchant's security settings, refusing what would hurt: adding allowlist
 * addresses without the Enterprise plan (removing is always allowed, so a merchant who left Enterprise
 * can still clear a list that keeps applying), and a non-empty list that leaves out the saver's own
 * address. Returns the stored settings and which fields changed.
 */
export async function updateSecuritySettings(
  db: Db,
  merchant: Merchant,
  input: ParsedInput,
  request: FastifyRequest,
  opts: { allowlistAvailable: boolean; now: Date },
): Promise<{ settings: SecuritySettings; changed: Partial<ParsedInput> }> {
  const current = merchant.securitySettings;
  const changed: Partial<ParsedInput> = {};
  if (input.sessionTimeoutMinutes !== undefined && input.sessionTimeoutMinutes !== sessionTimeoutOf(current))
    changed.sessionTimeoutMinutes = input.sessionTimeoutMinutes;
  if (input.ipAllowlist !== undefined) {
    const before = allowlistOf(current);
    const added = input.ipAllowlist.filter((entry) => !before.includes(entry));
    if (added.length > 0 && !opts.allowlistAvailable)
      throw upgradeRequired('ip_allowlist', ALLOWLIST_MESSAGES.enterpriseOnly);
    if (!isAddressAllowed(input.ipAllowlist, request.ip)) {
      const message = ALLOWLIST_MESSAGES.lockOut(clientAddress(request.ip));
      throw new AppError('conflict', message, { fieldErrors: { ipAllowlist: message } });
    }
    if (added.length > 0 || input.ipAllowlist.length !== before.length)
      changed.ipAllowlist = input.ipAllowlist;
  }
  if (
    input.ipAllowlistAppliesToApiKey !== undefined &&
    input.ipAllowlistAppliesToApiKey !== (current.ip_whitelist_agent_api ?? false)
  )
    changed.ipAllowlistAppliesToApiKey = input.ipAllowlistAppliesToApiKey;

  const patch: SecuritySettings = {
    ...(changed.sessionTimeoutMinutes !== undefined
      ? { session_timeout: changed.sessionTimeoutMinutes }
      : {}),
    ...(changed.ipAllowlist !== undefined ? { ip_whitelist: changed.ipAllowlist } : {}),
    ...(changed.ipAllowlistAppliesToApiKey !== undefined
      ? { ip_whitelist_agent_api: changed.ipAllowlistAppliesToApiKey }
      : {}),
  };
  if (Object.keys(patch).length === 0) return { settings: current, changed };
  // Merged in the database, so a concurrent change to another field (two-factor) is not overwritten.
  const [row] = await db
    .update(merchants)
    .set({
      securitySettings: sql`${merchants.securitySettings} || ${JSON.stringify(patch)}::jsonb`,
      updatedAt: opts.now,
    })
    .where(eq(merchants.id, merchant.id))
    .returning({ securitySettings: merchants.securitySettings });
  return { settings: row!.securitySettings, changed };
}
