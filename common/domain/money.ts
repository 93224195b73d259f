/**
 * Money is integer minor units (pence, cents) or satoshis, never floats. Providers
 * speak decimal strings ("21.99"); these helpers convert exactly, without going through a float.
 */
export const SATS_PER_BTC = 100_000_000;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "21.99" -> 2199 for 2-decimal currencies. Rejects more decimals than the currency has. */
export function decimalToMinor(value: string | number, decimals = 2): number {
  const text = typeof value === 'number' ? value.toFixed(decimals) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > decimals && /[^0]/.test(fraction.slice(decimals))) {
    throw new Error(`Amount ${text} has more than ${decimals} decimals`);
  }
  const minor =
    Number(whole) * 10 ** decimals + Number((fraction + '0'.repeat(decimals)).slice(0, decimals) || 0);
  if (!Number.isSafeInteger(minor)) throw new Error(`Amount ${text} is too large`);
  return sign ? -minor : minor;
}

/** 2199 -> "21.99". */
export function minorToDecimal(minor: number, decimals = 2): string {
  if (!Number.isInteger(minor)) throw new Error(`Minor units must be an integer, got ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor)
    .toString()
    .padStart(decimals + 1, '0');
  return decimals === 0 ? `${sign}${abs}` : `${sign}${abs.slice(0, -decimals)}.${abs.slice(-decimals)}`;
}

/** Display: Bitcoin amounts (sats) with 8 decimals, everything else with 2. */
export function formatAmount(minor: number, currency: string): string {
  return currency.toUpperCase() === 'BTC' ? minorToDecimal(minor, 8) : minorToDecimal(minor, 2);
}
