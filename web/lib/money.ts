import { CURRENCY_SYMBOLS, isCurrency } from '#common/domain/currencies';
import { currencyDecimals } from '#common/domain/money';

export interface MoneyFormat {
  /**
   * - `code` (the default): the dashboard's form, "GBP 23.98", digits ungrouped so a column lines up.
   * - `symbol`: "£1,099.00" for the currencies the product prices in; any other currency has no symbol a
   *   reader can trust (en-GB writes Canadian dollars "$" too), so it is written "12.00 CAD".
   * - `none`: the bare amount, "23.98", where the currency is stated once nearby (a chart axis, a table
   *   with a currency column).
   */
  display?: 'code' | 'symbol' | 'none';
  /** Whole units ("£99"), for headline prices and chart labels. */
  whole?: boolean;
}

/** Rounds half away from zero, as Intl.NumberFormat does by default. */
function roundHalfExpand(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value));
}

/** A non-negative integer count of the smallest unit written with `places` decimals, thousands grouped if asked. */
function digits(units: number, places: number, grouped: boolean): string {
  const text = String(units).padStart(places + 1, '0');
  const integer = text.slice(0, text.length - places);
  const written = grouped ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : integer;
  return places > 0 ? `${written}.${text.slice(text.length - places)}` : written;
}

/**
 * The one way the web writes money: an amount in the currency's minor units (pence, cents, satoshis),
 * shown in major units with the currency's own number of decimals, trailing zeros kept, the British way
 * (the company is UK based): £1,099.00, -£2.50.
 *
 * Written out rather than through Intl.NumberFormat, whose output for these forms it equals
 * (money.test.ts compares them): a page's first Intl formatter costs the browser 30-50 ms to build, one
 * long task on a phone, and the public pages format their prices while they start.
 */
export function formatMoney(minor: number, currency: string, options: MoneyFormat = {}): string {
  const { display = 'code', whole = false } = options;
  const code = currency.toUpperCase();
  // The server's count, not Intl's: the two disagree for a few currencies (HUF, IQD, COP), and an amount
  // in minor units means what the server meant by it.
  const decimals = currencyDecimals(code);
  const safe = Number.isFinite(minor) ? minor : 0;
  const units = whole ? Math.round(safe / 10 ** decimals) : roundHalfExpand(safe);
  const sign = units < 0 ? '-' : '';
  const number = digits(Math.abs(units), whole ? 0 : decimals, display === 'symbol');
  if (display === 'symbol' && isCurrency(code)) return `${sign}${CURRENCY_SYMBOLS[code]}${number}`;
  // The sign stays beside the digits, so "GBP -1.50" keeps it.
  const amount = `${sign}${number}`;
  if (display === 'none') return amount;
  return display === 'symbol' ? `${amount} ${code}` : `${code} ${amount}`;
}
