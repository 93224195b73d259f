import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/**
 * Offers per statement. On the embedded database a statement holds the one session (and the app's
 * thread) until it ends, and agents' offers wait behind it: 100 keep that to about 10-20 ms, while the
 * grouped upsert still touches a merchant's rollup row once per 100 offers rather than once per offer.
 */
const BATCH = 100;

/**
 * Counts the offers made since the last round into analytics and writes the engine events of those whose
 * merchant's webhooks take offer.created (`count_offers`, migrations 0028 and 0045): the work the offer
 * insert's triggers did, taken off the agent's request and done once per round for every offer since.
 * Each offer is claimed, counted and announced in one commit, so relays running at once never count one
 * twice. Returns how many it counted.
 */
export async function countOffers(db: Db): Promise<number> {
  let counted = 0;
  for (;;) {
    const { rows } = await db.execute<{ counted: number }>(sql`SELECT count_offers(${BATCH}) AS counted`);
    const batch = Number(rows[0]!.counted);
    counted += batch;
    if (batch < BATCH) return counted;
  }
}
