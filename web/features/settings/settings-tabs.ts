/** /settings: the tabs, in order. */
export const SETTINGS_TABS = {
  general: 'General',
  platform: 'Platform',
  payments: 'Payments',
  api: 'API',
  webhooks: 'Webhooks',
  notifications: 'Notifications',
  storefront: 'Storefront',
  security: 'Security',
} as const;
export type SettingsTab = keyof typeof SETTINGS_TABS;

/** Older links name the payment providers; both open Payments. */
const ALIASES: Record<string, SettingsTab> = { stripe: 'payments', bitcoin: 'payments' };

/** The tab a `?tab=` value opens: stripe and bitcoin map to payments, anything else to general. */
export function tabFromQuery(value: string | null): SettingsTab {
  if (!value) return 'general';
  if (Object.hasOwn(ALIASES, value)) return ALIASES[value]!;
  return Object.hasOwn(SETTINGS_TABS, value) ? (value as SettingsTab) : 'general';
}
