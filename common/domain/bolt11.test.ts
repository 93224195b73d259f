import { describe, expect, it } from 'vitest';
import { readBolt11 } from './bolt11';

const DATA = 'pvjluezsp5zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zyg3zygs9qypqsqdq5xysxxatsyp3k7enxv4js';

describe('readBolt11', () => {
  it('reads the amount of each multiplier in whole sats', () => {
    expect(readBolt11(`lntb25u1${DATA}`)).toEqual({ network: 'tb', amountSats: 2_500 });
    expect(readBolt11(`lnbc1m1${DATA}`)).toEqual({ network: 'bc', amountSats: 100_000 });
    expect(readBolt11(`lnbc10n1${DATA}`)).toEqual({ network: 'bc', amountSats: 1 });
    // 1 msat rounds up to a whole sat, as a wallet pays at least what is asked.
    expect(readBolt11(`lnbc10p1${DATA}`)).toEqual({ network: 'bc', amountSats: 1 });
    expect(readBolt11(`lnbcrt2500n1${DATA}`)).toEqual({ network: 'bcrt', amountSats: 250 });
  });

  it('reads an invoice with no amount, upper case, or with a lightning: prefix', () => {
    expect(readBolt11(`lnbc1${DATA}`)).toEqual({ network: 'bc', amountSats: null });
    expect(readBolt11(`LNTB25U1${DATA.toUpperCase()}`)).toEqual({ network: 'tb', amountSats: 2_500 });
    expect(readBolt11(`  lightning:lntb25u1${DATA}\n`)).toEqual({ network: 'tb', amountSats: 2_500 });
  });

  it.each([
    ['mixed case', `lnTB25u1${DATA}`],
    ['a leading zero', `lntb025u1${DATA}`],
    ['a pico amount that is not a whole msat', `lnbc1p1${DATA}`],
    ['an on-chain address', 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx'],
    ['a short data part', 'lntb25u1pvjluez'],
    ['nothing', ''],
  ])('refuses %s', (_, text) => {
    expect(readBolt11(text)).toBeNull();
  });
});
