import { createHash } from 'node:crypto';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/client';
import { idempotencyRecords } from '../db/schema/index';
import { holderGone } from '../jobs/instances';
import type { JobDefinition } from '../jobs/queue';
import type { Clock } from '../lib/clock';

/**
 * Idempotency-Key for the APIs agents call (the agent API and ACP): one store and one rule, each API
 * rendering its own errors. A key is scoped to the merchant and the endpoint and kept 24 hours; the same
 * key with the same request replays the first answer (Idempotent-Replayed: true), with another request it
 * is refused, and while the first still runs a repeat is told so.
 */
const RETENTION_MS = 24 * 60 * 60 * 1000;
/** The longest key either API accepts. */
export const MAX_KEY_LENGTH = 255;
/**
 * How long an unfinished request holds its key. No request runs this long (outside calls time out at
 * 10 s), so an older `in_progress` record belongs to a process that died: the key's retry runs again,
 * and the engine's own state machine (not this record) keeps that retry from charging or ordering twice.
 * A record whose instance is known dead (jobs/instances.ts) is free at once.
 */
export const IN_FLIGHT_LEASE_MS = 2 * 60 * 1000;

type CanonicalStep = { text: string } | { value: unknown };

/**
 * Stable JSON: object keys sorted, so the same body always hashes the same way. Written with an explicit
 * stack rather than recursion, so no body is too deep to hash.
 */
export function canonicalJson(body: unknown): string {
  let out = '';
  const stack: CanonicalStep[] = [{ value: body }];
  for (let step = stack.pop(); step; step = stack.pop()) {
    if ('text' in step) {
      out += step.text;
      continue;
    }
    const { value } = step;
    if (value === null || typeof value !== 'object') {
      out += JSON.stringify(value) ?? 'null';
      continue;
    }
    const members: CanonicalStep[][] = Array.isArray(value)
      ? value.map((item) => [{ value: item }])
      : Object.keys(value)
          .sort()
          .map((key) => [
            { text: `${JSON.stringify(key)}:` },
            { value: (value as Record<string, unknown>)[key] },
          ]);
    const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
    const steps: CanonicalStep[] = [{ text: open }];
    members.forEach((member, i) => steps.push(...(i ? [{ text: ',' }] : []), ...member));
    steps.push({ text: close });
    // The stack pops last first.
    for (let i = steps.length - 1; i >= 0; i--) stack.push(steps[i]!);
  }
  return out;
}

export const hashRequest = (body: unknown) => createHash('sha256').update(canonicalJson(body)).digest('hex');

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
 * Claims an Idempotency-Key for one merchant and endpoint, for the request this instance (`instanceId`)
 * runs. The first request proceeds; a repeat with the same body replays the stored answer; another body
 * is a conflict; a repeat while the first still runs is told so, unless the first was abandoned (see
 * IN_FLIGHT_LEASE_MS). Keys last 24 hours.
 */
export async function beginIdempotent(
  db: Db,
  scope: IdempotencyScope,
  requestHash: string,
  at: { now: Date; instanceId: string },
): Promise<IdempotencyBegin> {
  const { now } = at;
  await db.delete(idempotencyRecords).where(and(sameKey(scope), lt(idempotencyRecords.expiresAt, now)));
  const [claimed] = await db
    .insert(idempotencyRecords)
    .values({
      ...scope,
      requestHash,
      state: 'in_progress',
      claimedBy: at.instanceId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + RETENTION_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (claimed) return { kind: 'proceed' };
  const [existing] = await db.select().from(idempotencyRecords).where(sameKey(scope));
  if (!existing) return { kind: 'proceed' };
  if (existing.requestHash !== requestHash) return { kind: 'conflict' };
  if (existing.state !== 'completed') return takeOverAbandoned(db, scope, at);
  return { kind: 'replay', status: existing.responseStatus!, body: existing.responseBody };
}

/**
 * An unfinished record past its lease, or whose instance died, is taken over (once: compare-and-set,
 * which moves its start time and holder to this request).
 */
async function takeOverAbandoned(
  db: Db,
  scope: IdempotencyScope,
  at: { now: Date; instanceId: string },
): Promise<IdempotencyBegin> {
  const [taken] = await db
    .update(idempotencyRecords)
    .set({ createdAt: at.now, claimedBy: at.instanceId })
    .where(
      and(
        sameKey(scope),
        eq(idempotencyRecords.state, 'in_progress'),
        or(
          lt(idempotencyRecords.createdAt, new Date(at.now.getTime() - IN_FLIGHT_LEASE_MS)),
          holderGone(idempotencyRecords.claimedBy),
        ),
      ),
    )
    .returning({ key: idempotencyRecords.key });
  return taken ? { kind: 'proceed' } : { kind: 'in_flight' };
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

/** Keys are kept for 24 hours; a daily sweep deletes the expired ones. */
export function idempotencyJobs(deps: { db: Db; clock: Clock }): JobDefinition<never>[] {
  return [
    {
      name: 'purge-idempotency-keys',
      retryLimit: 2,
      retryDelaySeconds: 300,
      cron: '23 3 * * *',
      handler: () => purgeExpiredIdempotency(deps.db, deps.clock.now()),
    },
  ] as JobDefinition<never>[];
}

export interface IdempotentAnswer {
  status: number;
  body: unknown;
}

/** Why a keyed request is not run: each API answers these in its own error shape. */
export type IdempotencyRefusal = 'key_required' | 'key_too_long' | 'conflict' | 'in_flight';

export interface IdempotentCall {
  db: Db;
  at: { now: Date; instanceId: string };
  merchantId: string;
  endpoint: string;
  /** The request's key; empty when it sent none. */
  key: string;
  /** Without a key the request simply runs (its errors go to the API's error handler), unless required. */
  keyRequired: boolean;
  /** What a repeat of the key must send again to be answered with the first answer. */
  request: unknown;
  run(): Promise<IdempotentAnswer>;
  /** The error to throw instead of running (the API's error handler renders it). */
  refuse(reason: IdempotencyRefusal): Error;
  /** A failure of `run`, as the API answers it (kept for replay like any answer). */
  answerError(err: unknown): IdempotentAnswer;
  /**
   * A "not yet" answer (a payment still pending, a completion still running): not kept, so the key's
   * retry sees what has happened since. 5xx answers are never kept.
   */
  isNotYet(answer: IdempotentAnswer, err: unknown): boolean;
}

/** An answer, and whether it is the replay of the key's first answer. */
export interface IdempotentResult extends IdempotentAnswer {
  replayed: boolean;
}

/**
 * Runs a request under its Idempotency-Key, whatever carries it (an HTTP header, an MCP tool call's
 * `meta`), and returns its answer, first or replayed; a refusal is thrown (`call.refuse`).
 */
export async function runIdempotently(call: IdempotentCall): Promise<IdempotentResult> {
  if (!call.key) {
    if (call.keyRequired) throw call.refuse('key_required');
    return { ...(await call.run()), replayed: false };
  }
  if (call.key.length > MAX_KEY_LENGTH) throw call.refuse('key_too_long');
  const scope = { merchantId: call.merchantId, endpoint: call.endpoint, key: call.key };
  const begun = await beginIdempotent(call.db, scope, hashRequest(call.request), call.at);
  if (begun.kind === 'conflict' || begun.kind === 'in_flight') throw call.refuse(begun.kind);
  if (begun.kind === 'replay') return { status: begun.status, body: begun.body, replayed: true };
  let answer: IdempotentAnswer;
  let failure: unknown;
  try {
    answer = await call.run();
  } catch (err) {
    failure = err;
    answer = call.answerError(err);
  }
  if (call.isNotYet(answer, failure)) await releaseIdempotent(call.db, scope);
  else await finishIdempotent(call.db, scope, answer.status, answer.body);
  return { ...answer, replayed: false };
}

/** Runs a request under its Idempotency-Key and sends its answer over HTTP, first or replayed. */
export async function answerIdempotently(reply: FastifyReply, call: IdempotentCall): Promise<FastifyReply> {
  if (call.key && call.key.length <= MAX_KEY_LENGTH) reply.header('idempotency-key', call.key);
  const answer = await runIdempotently(call);
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.status).send(answer.body);
}
