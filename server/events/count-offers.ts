import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Offers per statement: a relay round's worth at the bench's rate, in one short transaction. */
const BATCH = 1000;

/**
 * Counts the offers made since the last round into analytics and writes their engine events
 * (`count_offers`, migration 0028): the work the offer insert's triggers did, taken off the agent's
 * request and done once per round for every offer since. Each offer is claimed, counted and announced in
 * one commit, so relays running at once never count one twice. Returns how many it counted.
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
