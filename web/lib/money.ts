import { isCurrency } from '#common/domain/currencies';
import { currencyDecimals } from '#common/domain/money';

/** The company is UK based, so money is written the British way: £1,099.00. */
const LOCALE = 'en-GB';

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

const WELL_FORMED = /^[A-Z]{3}$/;
const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(currency: string, fractionDigits: number, grouping: boolean): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}:${grouping}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      // A code Intl would reject (not three letters) still shows its amount; the caller writes the code.
      ...(WELL_FORMED.test(currency)
        ? // "$119" rather than en-GB's "US$119": only GBP, EUR and USD are shown with a symbol.
          { style: 'currency', currency, currencyDisplay: 'narrowSymbol' }
        : { style: 'decimal' }),
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
      useGrouping: grouping,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * The one way the web writes money: an amount in the currency's minor units (pence, cents, satoshis),
 * shown in major units with the currency's own number of decimals, trailing zeros kept.
 */
export function formatMoney(minor: number, currency: string, options: MoneyFormat = {}): string {
  const { display = 'code', whole = false } = options;
  const code = currency.toUpperCase();
  // The server's count, not Intl's: the two disagree for a few currencies (HUF, IQD, COP), and an amount
  // in minor units means what the server meant by it.
  const decimals = currencyDecimals(code);
  const safe = Number.isFinite(minor) ? minor : 0;
  const major = whole ? Math.round(safe / 10 ** decimals) : safe / 10 ** decimals;
  const parts = numberFormat(code, whole ? 0 : decimals, display === 'symbol').formatToParts(major);
  if (display === 'symbol' && isCurrency(code)) return parts.map((p) => p.value).join('');
  // The number alone, sign included, so "GBP -1.50" keeps its sign beside the digits.
  const amount = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  if (display === 'none') return amount;
  return display === 'symbol' ? `${amount} ${code}` : `${code} ${amount}`;
}
