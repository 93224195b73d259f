import type { Currency } from './currencies';

/**
 * Shipping options offered with every agent offer until merchants can configure their own: a standard
 * and an express service, priced per currency, doubled with longer delivery outside the merchant's
 * country. Prices are minor units.
 */
const DOMESTIC: Record<Currency, { standard: number; express: number }> = {
  GBP: { standard: 399, express: 999 },
  EUR: { standard: 449, express: 1099 },
  USD: { standard: 499, express: 1299 },
};

export interface ShippingQuote {
  id: 'standard' | 'express';
  label: string;
  priceMinor: number;
  eta: string;
  /** Delivery window in business days, the numbers behind `eta`. */
  minDays: number;
  maxDays: number;
}

const EU = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

/** Whether a destination is in the merchant's own market (its region: UK, US or EU; UK by default). */
export function isDomestic(region: string | null, destinationCountry: string): boolean {
  const country = destinationCountry.toUpperCase();
  if (region === 'US') return country === 'US';
  if (region === 'EU') return EU.has(country);
  return country === 'GB';
}

export function shippingQuotes(currency: Currency, domestic: boolean): ShippingQuote[] {
  const prices = DOMESTIC[currency];
  return [
    {
      id: 'standard',
      label: domestic ? 'Standard delivery' : 'International standard',
      priceMinor: domestic ? prices.standard : prices.standard * 2,
      ...window(domestic ? [3, 5] : [7, 12]),
    },
    {
      id: 'express',
      label: domestic ? 'Express delivery' : 'International express',
      priceMinor: domestic ? prices.express : prices.express * 2,
      ...window(domestic ? [1, 2] : [3, 5]),
    },
  ];
}

function window([minDays, maxDays]: [number, number]) {
  return { eta: `${minDays}-${maxDays} business days`, minDays, maxDays };
}

/** The date `businessDays` working days (Monday to Friday) after `from`, at the same time of day. */
export function addBusinessDays(from: Date, businessDays: number): Date {
  const date = new Date(from);
  let left = businessDays;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const day = date.getUTCDay();
    if (day !== 0 && day !== 6) left -= 1;
  }
  return date;
}
