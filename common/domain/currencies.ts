/** The currencies a merchant can price and be billed in. */
export const CURRENCIES = ['GBP', 'EUR', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'GBP';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Anything that is not one of the supported currencies falls back to GBP. */
export function toCurrency(value: unknown): Currency {
  return isCurrency(value) ? value : DEFAULT_CURRENCY;
}

export const CURRENCY_SYMBOLS: Record<Currency, string> = { GBP: '£', EUR: '€', USD: '$' };

/**
 * How many digits follow the decimal point in each currency's amounts (ISO 4217 minor units), for the
 * currencies that differ from the usual 2. Amounts are integers of the smallest unit, so JPY 1000 is
 * 1000 and BHD 1.250 is 1250. Bitcoin is counted in satoshis, a hundred-millionth of a bitcoin: 8.
 */
export const CURRENCY_DECIMALS: Readonly<Record<string, number>> = {
  BTC: 8,
  // No minor unit.
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  // Thousandths.
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  // Ten-thousandths (units of account).
  CLF: 4,
  UYW: 4,
};

/** Every other currency, GBP, EUR and USD among them, has hundredths. */
export const DEFAULT_CURRENCY_DECIMALS = 2;
