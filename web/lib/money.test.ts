import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it('writes the dashboard form: code, space, amount with the currency’s decimals, digits ungrouped', () => {
    expect(formatMoney(2398, 'GBP')).toBe('GBP 23.98');
    expect(formatMoney(1000, 'GBP')).toBe('GBP 10.00');
    expect(formatMoney(123456, 'EUR')).toBe('EUR 1234.56');
    expect(formatMoney(-150, 'USD')).toBe('USD -1.50');
    expect(formatMoney(0, 'GBP')).toBe('GBP 0.00');
  });

  it('writes Bitcoin in satoshis with 8 decimals, and other currencies with their own decimal count', () => {
    expect(formatMoney(150000, 'BTC')).toBe('BTC 0.00150000');
    expect(formatMoney(1500, 'JPY')).toBe('JPY 1500');
    expect(formatMoney(1500, 'KWD')).toBe('KWD 1.500');
    expect(formatMoney(123456, 'HUF')).toBe('HUF 1234.56');
  });

  it('writes symbols for the currencies the product prices in, grouped, and the code after the amount otherwise', () => {
    expect(formatMoney(109900, 'GBP', { display: 'symbol' })).toBe('£1,099.00');
    expect(formatMoney(1200, 'EUR', { display: 'symbol' })).toBe('€12.00');
    expect(formatMoney(4999, 'usd', { display: 'symbol' })).toBe('$49.99');
    expect(formatMoney(-250, 'GBP', { display: 'symbol' })).toBe('-£2.50');
    expect(formatMoney(1200, 'CAD', { display: 'symbol' })).toBe('12.00 CAD');
    expect(formatMoney(1500, 'BTC', { display: 'symbol' })).toBe('0.00001500 BTC');
  });

  it('rounds to whole units on request, and shows the bare amount', () => {
    expect(formatMoney(9900, 'GBP', { display: 'symbol', whole: true })).toBe('£99');
    expect(formatMoney(109950, 'USD', { display: 'symbol', whole: true })).toBe('$1,100');
    expect(formatMoney(2398, 'GBP', { display: 'none' })).toBe('23.98');
    expect(formatMoney(Number.NaN, 'GBP', { display: 'symbol' })).toBe('£0.00');
  });

  it('still shows the amount for a currency code Intl would reject', () => {
    expect(formatMoney(250, 'XX')).toBe('XX 2.50');
  });
});

describe('formatMoney against Intl.NumberFormat', () => {
  // What formatMoney used to call, kept here to prove the written-out form equals it.
  function intl(minor: number, code: string, decimals: number, display: 'code' | 'symbol' | 'none') {
    const parts = new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: display === 'symbol',
    }).formatToParts(minor / 10 ** decimals);
    if (display === 'symbol' && ['GBP', 'EUR', 'USD'].includes(code))
      return parts.map((p) => p.value).join('');
    const amount = parts
      .filter((p) => p.type !== 'currency' && p.type !== 'literal')
      .map((p) => p.value)
      .join('');
    if (display === 'none') return amount;
    return display === 'symbol' ? `${amount} ${code}` : `${code} ${amount}`;
  }

  const amounts = [1, 5, 99, 100, 999, 1000, 1005, 99999, 100000, 123456789, 987654321012, 2 ** 52];
  const currencies: [string, number][] = [
    ['GBP', 2],
    ['EUR', 2],
    ['USD', 2],
    ['CAD', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['BTC', 8],
  ];
  it.each(currencies)('writes %s as Intl does, in every display, signed and grouped', (code, decimals) => {
    for (const display of ['code', 'symbol', 'none'] as const) {
      for (const minor of [0, ...amounts, ...amounts.map((a) => -a)]) {
        expect(formatMoney(minor, code, { display })).toBe(intl(minor, code, decimals, display));
      }
    }
  });

  it('rounds a fractional minor amount half away from zero, as Intl did', () => {
    expect(formatMoney(12.5, 'GBP')).toBe('GBP 0.13');
    expect(formatMoney(-12.5, 'GBP')).toBe('GBP -0.13');
    expect(formatMoney(12.4, 'GBP')).toBe('GBP 0.12');
  });
});
