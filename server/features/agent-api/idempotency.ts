import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { idempotencyRecords } from '../../db/schema/index';

const RETENTION_MS = 24 * 60 * 60 * 1000;

/** Stable JSON: object keys sorted, so the same body always hashes the same way. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export const hashRequest = (body: unknown) => createHash('sha256').update(canonical(body)).digest('hex');

type IdempotencyScope = { merchantId: string; endpoint: string; key: string };

const sameKey = (scope: IdempotencyScope) =>
  and(
    eq(idempotencyRecords.merchantId, scope.merchantId),
    eq(idempotencyRecords.endpoint, scope.endpoint),
    eq(idempotencyRecords.key, scope.key),
  );

export type IdempotencyBegin =
  | { kind: 'proceed' }
  | { kind: 'replay'; status: number; body: unknown }
  | { kind: 'conflict' }
  | { kind: 'in_flight' };

/**
 * Claims an Idempotency-Key for one merchant and endpoint. The first request proceeds; a repeat with
 * the same body replays the stored answer; another body is a conflict; a repeat while the first still
 * runs is told so. Keys last 24 hours.
 */
export async function beginIdempotent(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  now: Date,
): Promise<IdempotencyBegin> {
  await db.delete(idempotencyRecords).where(and(sameKey(scope), lt(idempotencyRecords.expiresAt, now)));
  const [claimed] = await db
    .insert(idempotencyRecords)
    .values({
      ...scope,
      requestHash,
      state: 'in_progress',
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { kind: 'proceed' };
  const [existing] = await db.select().from(idempotencyRecords).where(sameKey(scope));
  if (!existing) return { kind: 'proceed' };
  if (existing.requestHash !== requestHash) return { kind: 'conflict' };
  if (existing.state !== 'completed') return { kind: 'in_flight' };
  return { kind: 'replay', status: existing.responseStatus!, body: existing.responseBody };
}

/** Stores the answer for replay; a 5xx is not stored, so the caller may retry the key. */
export async function finishIdempotent(db: Db, scope: IdempotencyScope, status: number, body: unknown) {
  if (status >= 500) return releaseIdempotent(db, scope);
  await db
    .update(idempotencyRecords)
    .set({ state: 'completed', responseStatus: status, responseBody: sql`${JSON.stringify(body)}::jsonb` })
    .where(sameKey(scope));
}

/** Forgets a claimed key, so the next request with it runs afresh (for answers that must not be replayed). */
export async function releaseIdempotent(db: Db, scope: IdempotencyScope) {
  await db.delete(idempotencyRecords).where(sameKey(scope));
}

export async function purgeExpiredIdempotency(db: Db, now: Date) {
  await db.delete(idempotencyRecords).where(lt(idempotencyRecords.expiresAt, now));
}
