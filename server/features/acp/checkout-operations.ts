import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AcpErrorBody } from '#common/acp/error';
import type { Merchant } from '../../db/schema/index';
import { runIdempotently, type IdempotentAnswer, type IdempotentResult } from '../../http/idempotency';
import { refusedValueAs400 } from '../../lib/refused-value';
import { agentAccess } from '../security-monitoring';
import { recordRequestError } from '../status';
import { AcpError, jsonPath, toAcpError } from './acp-error';
import type { AcpDeps } from './acp-deps';
import { completeSession } from './complete-session';
import { sessionTotals } from './session-pricing';
import { viewSession } from './session-view';
import {
  cancelSession,
  createSession,
  loadSession,
  updateSession,
  withStoreOrderStatus,
  type SessionState,
} from './sessions';
import type { ServedAcpVersion } from './versions/registry';

/** The five checkout operations, whichever binding (REST at /acp, MCP at /mcp) carries them. */
export type AcpOperation = 'create' | 'get' | 'update' | 'complete' | 'cancel';

/** Who calls and under which protocol facts: what REST reads from headers and MCP from `meta`. */
export interface AcpCaller {
  merchant: Merchant;
  wire: ServedAcpVersion;
  /** The calling agent, as its User-Agent names it. */
  agent: string | null;
  /** Empty when the caller sent none. */
  idempotencyKey: string;
  /** The binding's request, for logging and the health status's error count. */
  request: FastifyRequest;
  /** Told the Retry-After of an error answer, for a binding that can send it. */
  retryAfter?: (seconds: number) => void;
}

export interface AcpCall {
  operation: AcpOperation;
  /** The session id (every operation but create). */
  id?: string;
  /** The REST body, or the MCP `payload`. */
  body: unknown;
}

/** Answers that are "not yet" (a payment still pending, a completion running, a rate limit): not kept. */
const NOT_REPLAYED = new Set([409, 429]);

/**
 * An error in the ACP shape; server faults are logged and counted, client faults are not. A 503 is a
 * store or payment provider outage we know of and the agent is told to retry: a warning, not an error
 * that pages someone.
 */
export function acpErrorAnswer(
  request: FastifyRequest,
  db: AcpDeps['db'],
  wire: ServedAcpVersion | undefined,
  err: unknown,
): { error: AcpError; status: number; body: AcpErrorBody } {
  const error = toAcpError(refusedValueAs400(request, err) ?? err);
  if (error.status >= 500) {
    if (error.status === 503) request.log.warn({ err }, `ACP request met an outage: ${error.code}`);
    else request.log.error({ err }, 'ACP request failed');
    recordRequestError(db, request, error.status);
  }
  const body = error.body();
  if (wire && body.param && err instanceof AcpError) body.param = wire.param(body.param);
  return { error, status: error.status, body };
}

const parse = (schema: z.ZodType, body: unknown) => {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const param = jsonPath(issue.path.map(String).join('/'));
    throw new AcpError(400, 'invalid_request', `${param}: ${issue.message}`, { param });
  }
  return parsed.data;
};

const refuseKey = (reason: 'key_required' | 'key_too_long' | 'conflict' | 'in_flight') => {
  if (reason === 'key_required')
    return new AcpError(400, 'idempotency_key_required', 'Idempotency-Key header is required');
  if (reason === 'key_too_long')
    return new AcpError(400, 'invalid_request', 'Idempotency-Key must be at most 255 characters');
  if (reason === 'conflict') {
    return new AcpError(
      422,
      'idempotency_conflict',
      'Idempotency-Key has already been used with a different request body',
    );
  }
  return new AcpError(
    409,
    'idempotency_in_flight',
    'A request with this Idempotency-Key is currently being processed',
    {
      retryAfter: 1,
    },
  );
};

/**
 * The ACP checkout operations over the engine, shared by both bindings so a session, an idempotency key
 * and a buyer read are one thing whether the agent came over REST or MCP. Returns the answer (status and
 * ACP body, errors included) or throws an AcpError for a refusal before the operation ran.
 */
export function checkoutOperations(deps: AcpDeps) {
  const render = (caller: AcpCaller, state: SessionState) =>
    caller.wire.render(viewSession(state, caller.merchant, deps.publicUrl, deps.clock.now()));

  /** An agent shown a session's buyer is a read of checkout data (security monitoring). */
  const recordBuyerRead = (merchant: Merchant, { session, offer, checkout }: SessionState) => {
    if (!session.buyer) return;
    const total =
      checkout?.amountMinor ?? sessionTotals(session.pricedItems, offer, session.selectedOptionId).total;
    deps.checkoutAccess.record(merchant.id, agentAccess.ofSession(merchant, session, total));
  };

  /**
   * ACP idempotency (2026-04-17): a key is required on every write; the same key and body replay the
   * first answer, another body is 422, a repeat while the first runs is 409. Keys are scoped to the
   * merchant and the operation (not the binding: a key sent over REST and again over MCP is one key),
   * kept 24 hours; 5xx, 409 and 429 answers are not kept.
   */
  const idempotent = (
    caller: AcpCaller,
    endpoint: string,
    body: unknown,
    run: () => Promise<IdempotentAnswer>,
  ): Promise<IdempotentResult> =>
    runIdempotently({
      db: deps.db,
      at: { now: deps.clock.now(), instanceId: deps.instance.id },
      merchantId: caller.merchant.id,
      endpoint: `acp:${endpoint}`,
      key: caller.idempotencyKey.trim() ? caller.idempotencyKey : '',
      keyRequired: true,
      request: { version: caller.wire.version, body: body ?? null },
      run,
      refuse: refuseKey,
      answerError: (err) => {
        const { error, status, body } = acpErrorAnswer(caller.request, deps.db, caller.wire, err);
        if (error.extra.retryAfter) caller.retryAfter?.(error.extra.retryAfter);
        return { status, body };
      },
      isNotYet: (answer) => NOT_REPLAYED.has(answer.status),
    });

  const sessionId = (call: AcpCall) => {
    const id = call.id ?? '';
    if (id.length > 100) throw new AcpError(404, 'session_not_found', 'No such checkout session');
    return id;
  };

  const operations: Record<AcpOperation, (caller: AcpCaller, call: AcpCall) => Promise<IdempotentResult>> = {
    create: (caller, { body }) =>
      idempotent(caller, 'create', body, async () => {
        const changes = caller.wire.toCreate(parse(caller.wire.schemas.create, body));
        const state = await createSession(deps, caller.merchant, caller.wire.version, changes, caller.agent);
        return { status: 201, body: render(caller, state) };
      }),

    get: async (caller, call) => {
      const loaded = await loadSession(deps, caller.merchant, sessionId(call));
      const state = await withStoreOrderStatus(deps, caller.merchant, loaded);
      recordBuyerRead(caller.merchant, state);
      return { status: 200, body: render(caller, state), replayed: false };
    },

    update: (caller, call) => {
      const id = sessionId(call);
      return idempotent(caller, `update:${id}`, call.body, async () => {
        const changes = caller.wire.toUpdate(parse(caller.wire.schemas.update, call.body));
        const state = await updateSession(
          deps,
          caller.merchant,
          caller.wire.version,
          id,
          changes,
          caller.agent,
        );
        return { status: 200, body: render(caller, state) };
      });
    },

    complete: (caller, call) => {
      const id = sessionId(call);
      return idempotent(caller, `complete:${id}`, call.body, async () => {
        const input = caller.wire.toComplete(parse(caller.wire.schemas.complete, call.body));
        const state = await completeSession(deps, caller.merchant, id, input);
        recordBuyerRead(caller.merchant, state);
        return { status: 200, body: render(caller, state) };
      });
    },

    cancel: (caller, call) => {
      const id = sessionId(call);
      return idempotent(caller, `cancel:${id}`, call.body, async () => {
        const body = call.body as { intent_trace?: { reason_code?: unknown } } | undefined;
        const reason =
          typeof body?.intent_trace?.reason_code === 'string'
            ? body.intent_trace.reason_code.slice(0, 100)
            : null;
        return { status: 200, body: render(caller, await cancelSession(deps, caller.merchant, id, reason)) };
      });
    },
  };

  return (caller: AcpCaller, call: AcpCall) => operations[call.operation](caller, call);
}

export type CheckoutOperations = ReturnType<typeof checkoutOperations>;
