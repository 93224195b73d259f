/** Helpers for the small HTML pages simulators serve (dashboards, hosted forms). */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An amount in minor units as a person reads it (£12.50). */
export function formatAmount(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(
    amount / 100,
  );
}

/** A date as the simulators' dashboards show it: `2026-12-06 21:15` (UTC). */
export const formatUtc = (date: Date) => date.toISOString().replace('T', ' ').slice(0, 16);
