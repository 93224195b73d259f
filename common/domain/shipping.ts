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

/** Whether a destination is in the merchant's own market (spec §3 region: UK, US or EU; UK by default). */
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
      eta: domestic ? '3-5 business days' : '7-12 business days',
    },
    {
      id: 'express',
      label: domestic ? 'Express delivery' : 'International express',
      priceMinor: domestic ? prices.express : prices.express * 2,
      eta: domestic ? '1-2 business days' : '3-5 business days',
    },
  ];
}
