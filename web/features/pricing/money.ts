import type { Currency } from '#common/domain/currencies';

/** Money on the public pages is written the British way (the company is UK based): £1,099.00, €109, $119. */
const LOCALE = 'en-GB';
const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: Currency, fractionDigits: 0 | 2): Intl.NumberFormat {
  const key = `${currency}:${fractionDigits}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency,
      // "$119" rather than en-GB's "US$119": the currency switcher already says which dollar.
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Formats an amount held in minor units (pence, cents). `whole` rounds to whole units, for prices and
 * chart labels; otherwise two decimals are always shown so a column of figures lines up.
 */
export function formatMoney(
  minor: number,
  currency: Currency,
  { whole = false }: { whole?: boolean } = {},
): string {
  const safe = Number.isFinite(minor) ? minor : 0;
  return formatter(currency, whole ? 0 : 2).format(whole ? Math.round(safe / 100) : safe / 100);
}

const integer = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return integer.format(Number.isFinite(value) ? value : 0);
}
