/**
 * What a BOLT11 Lightning invoice says before it is decoded in full: its network and amount, read from
 * its human-readable part (`ln` + network + optional amount and multiplier, then `1` and bech32 data).
 * A Lightning refund (issue 24) checks with it that the buyer's invoice is for the refund's exact amount
 * before the merchant's provider is asked to pay it; the provider refuses expired and paid invoices.
 */

/** BOLT11 multipliers in tenths of a millisatoshi (pico-BTC, `p`, is a tenth of a msat). */
const DECI_MSAT_PER_UNIT: Record<string, bigint> = {
  '': 1_000_000_000_000n,
  m: 1_000_000_000n,
  u: 1_000_000n,
  n: 1_000n,
  p: 1n,
};

const INVOICE = /^ln(bcrt|bc|tbs|tb|sb)(?:(\d+)([munp]?))?1([qpzry9x8gf2tvdw0s3jn54khce6mua7l]{50,})$/;

export interface Bolt11Summary {
  /** bc (mainnet), tb (testnet), tbs (signet), bcrt (regtest) or sb (simnet). */
  network: string;
  /** The amount in whole sats, rounded up from msat; null for an invoice that names none. */
  amountSats: number | null;
}

/**
 * The invoice's network and amount, or null when the text cannot be a BOLT11 invoice (mixed case, a
 * `lightning:` prefix is allowed and dropped, surrounding spaces too). The checksum is not checked here.
 */
export function readBolt11(text: string): Bolt11Summary | null {
  const trimmed = text.trim().replace(/^lightning:/i, '');
  // bech32 is all one case.
  if (trimmed !== trimmed.toLowerCase() && trimmed !== trimmed.toUpperCase()) return null;
  const match = INVOICE.exec(trimmed.toLowerCase());
  if (!match) return null;
  const [, network, digits, unit = ''] = match;
  if (digits === undefined) return { network: network!, amountSats: null };
  if (digits.startsWith('0')) return null;
  const deciMsat = BigInt(digits) * DECI_MSAT_PER_UNIT[unit]!;
  if (deciMsat % 10n !== 0n) return null;
  const msat = deciMsat / 10n;
  return { network: network!, amountSats: Number((msat + 999n) / 1000n) };
}
