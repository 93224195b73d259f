import { z } from 'zod';

/** Session idle timeout bounds, in minutes. */
export const SESSION_TIMEOUT_MINUTES = { min: 5, max: 60, default: 15 } as const;

/** How many addresses one allowlist holds: enough for offices and egress ranges, small enough to read. */
export const MAX_ALLOWLIST_ENTRIES = 50;

export const IP_ALLOWLIST_MESSAGES = {
  required: 'Please enter an IP address',
  invalid: 'Please enter a valid IP address',
  duplicate: 'This IP address is already whitelisted',
} as const;

/** Four dot-separated groups of 1-3 digits, each at most 255. */
const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * The address in its one spelling (no leading zeros), or null when it is not an IPv4 address. Entries
 * are compared with the client address as strings, so `010.0.0.1` and `10.0.0.1` must be one entry.
 */
export function canonicalIpv4(value: string): string | null {
  const groups = IPV4.exec(value.trim())?.slice(1).map(Number);
  if (!groups || groups.some((g) => g > 255)) return null;
  return groups.join('.');
}

/** The message for a new allowlist entry, or null when it can be added to `current`. */
export function ipAllowlistEntryError(value: string, current: readonly string[]): string | null {
  if (value.trim() === '') return IP_ALLOWLIST_MESSAGES.required;
  const canonical = canonicalIpv4(value);
  if (!canonical) return IP_ALLOWLIST_MESSAGES.invalid;
  if (current.includes(canonical)) return IP_ALLOWLIST_MESSAGES.duplicate;
  return null;
}

const allowlistEntry = z
  .string()
  .max(15, IP_ALLOWLIST_MESSAGES.invalid)
  .refine((v) => v.trim() !== '', IP_ALLOWLIST_MESSAGES.required)
  .refine((v) => canonicalIpv4(v) !== null, IP_ALLOWLIST_MESSAGES.invalid)
  .transform((v) => canonicalIpv4(v)!);

/** PUT /api/account/security: any of the merchant's security settings, each checked on its own. */
export const securitySettingsInput = z
  .object({
    sessionTimeoutMinutes: z
      .number()
      .int()
      .min(
        SESSION_TIMEOUT_MINUTES.min,
        `Session idle timeout must be between ${SESSION_TIMEOUT_MINUTES.min} and ${SESSION_TIMEOUT_MINUTES.max} minutes`,
      )
      .max(
        SESSION_TIMEOUT_MINUTES.max,
        `Session idle timeout must be between ${SESSION_TIMEOUT_MINUTES.min} and ${SESSION_TIMEOUT_MINUTES.max} minutes`,
      )
      .optional(),
    ipAllowlist: z
      .array(allowlistEntry)
      .max(MAX_ALLOWLIST_ENTRIES, `An allowlist holds at most ${MAX_ALLOWLIST_ENTRIES} addresses`)
      .refine((list) => new Set(list).size === list.length, IP_ALLOWLIST_MESSAGES.duplicate)
      .optional(),
    ipAllowlistAppliesToApiKey: z.boolean().optional(),
  })
  .strict();
export type SecuritySettingsInput = z.input<typeof securitySettingsInput>;
