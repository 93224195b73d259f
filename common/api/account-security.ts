import { z } from 'zod';

/** The Security tab's settings as the server holds them, and what this caller may do with them. */
export const securitySettingsView = z.object({
  sessionTimeoutMinutes: z.number().int(),
  maxSessionHours: z.number().int(),
  ipAllowlist: z.object({
    /** Adding addresses needs the Enterprise plan; removing them never does. */
    available: z.boolean(),
    entries: z.array(z.string()),
    appliesToApiKey: z.boolean(),
    /** The address this request came from, as the server sees it (what the allowlist is checked against). */
    yourAddress: z.string(),
  }),
  /** Whether the signed-in user holds the admin role (the server decides; the card follows). */
  isAdmin: z.boolean(),
});
export type SecuritySettingsView = z.infer<typeof securitySettingsView>;

export const activeSession = z.object({
  id: z.string(),
  /** "Chrome on macOS", parsed from the user agent; null when it names no browser we know. */
  browser: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;

export const activeSessionsOutput = z.object({ sessions: z.array(activeSession) });

export const revokedSessionsOutput = z.object({ revoked: z.number().int() });
