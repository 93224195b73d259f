import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './currencies';
import {
  currencyDecimals,
  decimalToMinor,
  formatAmount,
  minorToDecimal,
  roundedDecimalToMinor,
} from './money';

describe('money', () => {
  it.each([
    ['21.99', 2199],
    ['0.1', 10],
    ['5', 500],
    ['0.00', 0],
    ['19.990', 1999],
    ['-3.50', -350],
  ])('reads %s as %i minor units', (text, minor) => {
    expect(decimalToMinor(text)).toBe(minor);
  });

  it('never goes through a float', () => {
    // 0.1 + 0.2 style errors: 1.005 * 100 is 100.49999 as a float.
    expect(decimalToMinor('1.005', 3)).toBe(1005);
    expect(decimalToMinor('4.35')).toBe(435);
  });

  it('refuses amounts it cannot represent exactly', () => {
    expect(() => decimalToMinor('1.999')).toThrow(/decimals/);
    expect(() => decimalToMinor('abc')).toThrow(/Not a decimal/);
    expect(() => decimalToMinor('')).toThrow();
  });

  it('writes minor units back as decimals', () => {
    expect(minorToDecimal(2199)).toBe('21.99');
    expect(minorToDecimal(5)).toBe('0.05');
    expect(minorToDecimal(-350)).toBe('-3.50');
    expect(formatAmount(12_345, 'BTC')).toBe('0.00012345');
    expect(formatAmount(2999, 'GBP')).toBe('29.99');
  });
});

describe('amounts as JSON numbers', () => {
  it('reads the number exactly as written, never through a float', () => {
    expect(decimalToMinor(0.29)).toBe(29);
    expect(decimalToMinor(19.99)).toBe(1999);
    expect(() => decimalToMinor(1.005)).toThrow(/more than 2 decimals/);
    expect(decimalToMinor(1.2e-7, 8)).toBe(12);
    expect(decimalToMinor(0.00012345, 8)).toBe(12345);
    expect(() => decimalToMinor(1e21, 0)).toThrow(/too large/);
  });

  it('rounds a computed amount half away from zero on its decimal digits', () => {
    expect(roundedDecimalToMinor(1.005)).toBe(101);
    expect(roundedDecimalToMinor('1.005')).toBe(101);
    expect(roundedDecimalToMinor('1.0049')).toBe(100);
    expect(roundedDecimalToMinor(-1.005)).toBe(-101);
    expect(roundedDecimalToMinor('0.29')).toBe(29);
  });
});

describe("each currency's decimals", () => {
  it.each([
    ['GBP', 2],
    ['eur', 2],
    ['USD', 2],
    ['CHF', 2],
    ['JPY', 0],
    ['krw', 0],
    ['BHD', 3],
    ['KWD', 3],
    ['JOD', 3],
    ['OMR', 3],
    ['TND', 3],
    ['BTC', 8],
    ['XYZ', 2],
  ])('%s has %i', (currency, decimals) => {
    expect(currencyDecimals(currency)).toBe(decimals);
  });

  // The store and payment adapters still convert at the default 2 decimals: a currency with other
  // decimals can be offered to merchants only once they pass the order's currency to these helpers.
  it('every currency a merchant can price in has 2, so their amounts read as before', () => {
    for (const currency of CURRENCIES) {
      expect(currencyDecimals(currency)).toBe(2);
      expect(decimalToMinor('21.99', currency)).toBe(decimalToMinor('21.99'));
      expect(minorToDecimal(2199, currency)).toBe('21.99');
      expect(formatAmount(2199, currency)).toBe('21.99');
    }
  });

  it('reads and writes amounts in a currency without a minor unit', () => {
    expect(decimalToMinor('1000', 'JPY')).toBe(1000);
    expect(decimalToMinor(1000, 'JPY')).toBe(1000);
    expect(decimalToMinor('1000.00', 'JPY')).toBe(1000);
    expect(() => decimalToMinor('1000.5', 'JPY')).toThrow(/more than 0 decimals/);
    expect(roundedDecimalToMinor('999.5', 'JPY')).toBe(1000);
    expect(minorToDecimal(1000, 'JPY')).toBe('1000');
    expect(minorToDecimal(-7, 'KRW')).toBe('-7');
    expect(formatAmount(1000, 'jpy')).toBe('1000');
  });

  it('reads and writes amounts in a currency with thousandths', () => {
    expect(decimalToMinor('1.25', 'BHD')).toBe(1250);
    expect(decimalToMinor('0.005', 'KWD')).toBe(5);
    expect(() => decimalToMinor('1.2345', 'OMR')).toThrow(/more than 3 decimals/);
    expect(roundedDecimalToMinor('1.0005', 'TND')).toBe(1001);
    expect(minorToDecimal(1250, 'BHD')).toBe('1.250');
    expect(formatAmount(5, 'JOD')).toBe('0.005');
  });

  it('counts bitcoin in satoshis', () => {
    expect(decimalToMinor('0.00012345', 'BTC')).toBe(12_345);
    expect(minorToDecimal(12_345, 'BTC')).toBe('0.00012345');
  });

  it('refuses a decimal count that is not one', () => {
    expect(() => minorToDecimal(1, -1)).toThrow(/decimal count/);
    expect(() => decimalToMinor('1', 1.5)).toThrow(/decimal count/);
  });
});
