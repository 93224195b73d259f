import { randomBytes } from 'node:crypto';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * A string shaped like a BOLT11 invoice (prefix, amount, bech32 data) for simulators. It is not a
 * payable invoice; it only has to look and round-trip like one.
 */
export function fakeBolt11(amountSats: number, network: 'bc' | 'tb' = 'tb'): string {
  const bytes = randomBytes(180);
  const data = Array.from(bytes, (b) => BECH32[b % 32]).join('');
  return `ln${network}${amountSats * 10}n1p${data}`;
}

export function fakeOnchainAddress(network: 'bc' | 'tb' = 'tb'): string {
  const bytes = randomBytes(38);
  return `${network}1q${Array.from(bytes, (b) => BECH32[b % 32]).join('')}`;
}

/** Simulators price Bitcoin at a fixed rate so amounts are predictable: minor fiat units -> sats. */
const BTC_PRICE_MINOR: Record<string, number> = { GBP: 5_000_000, EUR: 5_800_000, USD: 6_400_000 };

export function fiatMinorToSats(amountMinor: number, currency: string): number {
  const price = BTC_PRICE_MINOR[currency.toUpperCase()];
  if (currency.toUpperCase() === 'BTC') return amountMinor;
  if (!price) throw new Error(`No simulated rate for ${currency}`);
  return Math.round((amountMinor * 100_000_000) / price);
}
