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
