/**
 * Money is integer minor units (pence, cents) or satoshis, never floats. Providers
 * speak decimal strings ("21.99"); these helpers convert exactly, without going through a float.
 */
import { CURRENCY_DECIMALS, DEFAULT_CURRENCY_DECIMALS } from './currencies';

export const SATS_PER_BTC = 100_000_000;

/**
 * Digits after the decimal point in `currency`'s amounts (ISO 4217 minor units; BTC counts satoshis, 8),
 * case-insensitive. A currency the table does not list has 2.
 */
export function currencyDecimals(currency: string): number {
  return CURRENCY_DECIMALS[currency.trim().toUpperCase()] ?? DEFAULT_CURRENCY_DECIMALS;
}

/**
 * The helpers below take either a digit count (8 for satoshis) or a currency code whose count applies;
 * leaving it out means 2, the count of GBP, EUR and USD.
 */
export type Decimals = number | string;

function placesOf(decimals: Decimals): number {
  const places = typeof decimals === 'number' ? decimals : currencyDecimals(decimals);
  if (!Number.isInteger(places) || places < 0) throw new Error(`Not a decimal count: ${decimals}`);
  return places;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A JSON number's exact decimal text: the shortest spelling that reads back as the same number (what
 * the provider wrote, e.g. 1.005), with exponent forms (1e-7) written out. Never rounded through toFixed.
 */
function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a decimal amount: ${value}`);
  const text = String(value);
  const exponent = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/i.exec(text);
  if (!exponent) return text;
  const [, sign, whole, fraction = '', power] = exponent;
  const digits = whole! + fraction;
  const point = whole!.length + Number(power);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

function parseDecimal(value: string | number) {
  const text = typeof value === 'number' ? numberToDecimalText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  return { text, negative: Boolean(sign), whole: whole!, fraction };
}

function toMinor(whole: string, fraction: string, decimals: number, text: string): number {
  const minor =
    Number(whole) * 10 ** decimals + Number((fraction + '0'.repeat(decimals)).slice(0, decimals) || 0);
  if (!Number.isSafeInteger(minor)) throw new Error(`Amount ${text} is too large`);
  return minor;
}

/**
 * "21.99" (or the JSON number 21.99) -> 2199 for 2-decimal currencies, "1000" -> 1000 for JPY. Rejects
 * more decimals than the currency has: a price more precise than its currency is not a price we can charge.
 */
export function decimalToMinor(value: string | number, currencyOrDecimals: Decimals = 2): number {
  const decimals = placesOf(currencyOrDecimals);
  const { text, negative, whole, fraction } = parseDecimal(value);
  if (fraction.length > decimals && /[^0]/.test(fraction.slice(decimals))) {
    throw new Error(`Amount ${text} has more than ${decimals} decimals`);
  }
  const minor = toMinor(whole, fraction, decimals, text);
  return negative ? -minor : minor;
}

/**
 * The same for amounts a provider computed (a fiat value converted from satoshis, say) that may carry
 * more decimals than the currency: rounded half away from zero on the decimal digits themselves, so
 * 1.005 is exactly 101, never 100 as `Math.round(1.005 * 100)` makes it.
 */
export function roundedDecimalToMinor(value: string | number, currencyOrDecimals: Decimals = 2): number {
  const decimals = placesOf(currencyOrDecimals);
  const { text, negative, whole, fraction } = parseDecimal(value);
  const roundsUp = fraction.length > decimals && fraction[decimals]! >= '5';
  const minor = toMinor(whole, fraction, decimals, text) + (roundsUp ? 1 : 0);
  if (!Number.isSafeInteger(minor)) throw new Error(`Amount ${text} is too large`);
  return negative ? -minor : minor;
}

/** 2199 -> "21.99"; with "JPY", 1000 -> "1000"; with "BHD", 1250 -> "1.250". */
export function minorToDecimal(minor: number, currencyOrDecimals: Decimals = 2): string {
  const decimals = placesOf(currencyOrDecimals);
  if (!Number.isInteger(minor)) throw new Error(`Minor units must be an integer, got ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -decimals)}.${abs.slice(-decimals)}`;
}

/** Display: the amount with its currency's decimals (Bitcoin amounts, in sats, with 8). */
export function formatAmount(minor: number, currency: string): string {
  return minorToDecimal(minor, currencyDecimals(currency));
}
