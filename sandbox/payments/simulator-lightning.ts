import { randomBytes } from 'node:crypto';

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

/**
 * A string shaped like a BOLT11 invoice (prefix, amount, bech32 data) for simulators. It is not a
 * payable invoice; it only has to look and round-trip like one. An amount of 0 makes an invoice with no
 * amount in it (the payer chooses), as BOLT11 writes one: no digits between the network and the `1`.
 */
export function fakeBolt11(amountSats: number, network: 'bc' | 'tb' = 'tb'): string {
  const bytes = randomBytes(180);
  const data = Array.from(bytes, (b) => BECH32[b % 32]).join('');
  return `ln${network}${amountSats > 0 ? `${amountSats * 10}n` : ''}1p${data}`;
}

/**
 * BOLT11 amount multipliers, in tenths of a millisatoshi per unit: pico-BTC (`p`) is a tenth of a msat,
 * the smallest unit, so every amount is a whole number of them.
 */
const DECI_MSAT_PER_UNIT: Record<string, bigint> = {
  '': 1_000_000_000_000n,
  m: 1_000_000_000n,
  u: 1_000_000n,
  n: 1_000n,
  p: 1n,
};

/**
 * Reads a BOLT11 invoice's human-readable part (`ln` + network + optional amount, then the last `1`
 * and bech32 data) the way a wallet does before decoding the rest: `null` when the string cannot be an
 * invoice, else its amount in whole sats (`null` for an invoice with no amount). The checksum and
 * signature are not checked: the simulators' own invoices carry neither.
 */
export function readBolt11(payreq: string): { network: string; amountSats: number | null } | null {
  // BOLT11 is bech32: all one case, and the data part only uses the bech32 alphabet.
  if (payreq !== payreq.toLowerCase() && payreq !== payreq.toUpperCase()) return null;
  const match = /^ln(bcrt|bc|tbs|tb|sb)(?:(\d+)([munp]?))?1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{50,})$/.exec(
    payreq.toLowerCase(),
  );
  if (!match) return null;
  const [, network, digits, unit = ''] = match;
  if (digits === undefined) return { network: network!, amountSats: null };
  if (/^0/.test(digits)) return null; // BOLT11 amounts have no leading zeros
  const deciMsat = BigInt(digits) * DECI_MSAT_PER_UNIT[unit]!;
  // BOLT11 requires a pico amount to be a whole msat.
  if (deciMsat % 10n !== 0n) return null;
  const msat = deciMsat / 10n;
  // Sub-sat amounts round up to whole sats, as a wallet pays at least what is asked.
  return { network: network!, amountSats: Number((msat + 999n) / 1000n) };
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
