import { describe, expect, it } from 'vitest';
import { decimalToMinor, formatAmount, minorToDecimal, roundedDecimalToMinor } from './money';

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
