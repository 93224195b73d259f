import { and, desc, eq, sql } from 'drizzle-orm';
import { ACP_AGENT_MESSAGES, type AcpWebhookDeliveryView } from '#common/api/acp-agents';
import { acpWebhookDeliveries, merchants, type AcpWebhookDelivery } from '../../db/schema/index';
import { signOrderEvent } from '../../integrations/agents/signatures';
import { AppError } from '../../lib/app-error';
import { publicId } from '../../lib/ids';
import { assertPublicUrlShape, UnsafeUrlError } from '../../lib/url-safety';
import { acpVersion, isAcpVersion } from '../acp';
import { loadAgentSettings, openWebhookSecret } from './agent-settings';
import type { AcpAgentDeps } from './deps';
import { ACP_WEBHOOK_DELIVERY_QUEUE, type DeliveryJob } from './queue-order-event';

/** Retries after the first attempt (pg-boss backoff from 5 s doubling: about 40 minutes to 1.5 hours in all). */
export const DELIVERY_RETRY_LIMIT = 8;
export const DELIVERY_RETRY_DELAY_SECONDS = 5;
const TIMEOUT_MS = 10_000;
const BODY_LIMIT = 1_000;

/** Thrown to make the job queue try again later; what went wrong is already on the delivery row. */
class DeliveryFailed extends Error {}

function describeFailure(err: unknown): string {
  if (err instanceof UnsafeUrlError) return err.message;
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `The agent endpoint did not answer within ${TIMEOUT_MS / 1000} s.`;
  const cause = err instanceof Error ? (err.cause as NodeJS.ErrnoException | undefined) : undefined;
  if (cause instanceof UnsafeUrlError) return cause.message;
  return `Could not reach the agent endpoint${cause?.code ? ` (${cause.code})` : ''}.`;
}

/**
 * One attempt at POSTing an order event to the agent: the stored body, signed now with the merchant's
 * current webhook secret. 2xx is delivered; anything else is recorded on the row and thrown so the queue
 * retries with backoff, until the job's last try marks it failed. An endpoint on a private network
 * (live mode) or a missing secret fails at once: retrying cannot help.
 */
export async function deliverOrderEvent(deps: AcpAgentDeps, job: DeliveryJob): Promise<void> {
  const [row] = await deps.db
    .select()
    .from(acpWebhookDeliveries)
    .where(eq(acpWebhookDeliveries.id, job.deliveryId));
  if (!row || row.status !== 'pending' || !isAcpVersion(row.apiVersion)) return;
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, row.merchantId));
  const now = deps.runtime.clock.now();
  const attempt = row.attempts + 1;
  const lastTry = attempt - job.attemptsBefore > DELIVERY_RETRY_LIMIT;
  const record = (outcome: Partial<AcpWebhookDelivery>) =>
    deps.db
      .update(acpWebhookDeliveries)
      .set({ attempts: attempt, lastAttemptAt: now, updatedAt: now, ...outcome })
      .where(eq(acpWebhookDeliveries.id, row.id));

  const secret = merchant ? openWebhookSecret(deps.keyring, merchant) : null;
  if (!secret) {
    await record({
      status: 'failed',
      lastResponseStatus: null,
      lastResponseBody: null,
      lastError: ACP_AGENT_MESSAGES.noWebhookSecret,
    });
    return;
  }
  let response: Response;
  try {
    if (deps.runtime.mode === 'live') assertPublicUrlShape(row.url);
    response = await deps.runtime.context(null, row.url, { merchantSupplied: true }).http.fetch(row.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'merchant-signature': signOrderEvent(
          acpVersion(row.apiVersion).orderEventSignature,
          secret,
          row.payload,
          now,
        ),
        timestamp: now.toISOString(),
        'request-id': publicId('req'),
      },
      body: row.payload,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    const unsafe =
      err instanceof UnsafeUrlError || (err instanceof Error && err.cause instanceof UnsafeUrlError);
    await record({
      status: unsafe || lastTry ? 'failed' : 'pending',
      lastResponseStatus: null,
      lastResponseBody: null,
      lastError: describeFailure(err),
    });
    if (unsafe || lastTry) return;
    throw new DeliveryFailed(`order event ${row.id} not delivered`);
  }
  const text = (await response.text().catch(() => '')).slice(0, BODY_LIMIT);
  if (response.status >= 200 && response.status < 300) {
    await record({
      status: 'delivered',
      deliveredAt: now,
      lastResponseStatus: response.status,
      lastResponseBody: text,
      lastError: null,
    });
    return;
  }
  await record({
    status: lastTry ? 'failed' : 'pending',
    lastResponseStatus: response.status,
    lastResponseBody: text,
    lastError: `The agent endpoint answered HTTP ${response.status}.`,
  });
  if (!lastTry) throw new DeliveryFailed(`order event ${row.id} answered ${response.status}`);
}

export function deliveryView(row: AcpWebhookDelivery): AcpWebhookDeliveryView {
  return {
    id: row.id,
    session_id: row.sessionId,
    event_type: row.eventType,
    order_status: row.orderStatus,
    api_version: row.apiVersion,
    url: row.url,
    status: row.status as AcpWebhookDeliveryView['status'],
    attempts: row.attempts,
    last_response_status: row.lastResponseStatus,
    last_response_body: row.lastResponseBody,
    last_error: row.lastError,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    delivered_at: row.deliveredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/** The merchant's delivery log, newest first. */
export async function listDeliveries(deps: Pick<AcpAgentDeps, 'db'>, merchantId: string, limit: number) {
  const rows = await deps.db
    .select()
    .from(acpWebhookDeliveries)
    .where(eq(acpWebhookDeliveries.merchantId, merchantId))
    .orderBy(desc(acpWebhookDeliveries.createdAt), desc(acpWebhookDeliveries.id))
    .limit(limit);
  return rows.map(deliveryView);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sends a delivery again (same body, fresh signature and timestamp) to the merchant's current agent
 * endpoint, with a fresh set of retries. Not while it is still being attempted: two jobs for one row
 * would send it twice.
 */
export async function redeliver(deps: AcpAgentDeps, merchantId: string, deliveryId: string) {
  const [row] = UUID.test(deliveryId)
    ? await deps.db
        .select()
        .from(acpWebhookDeliveries)
        .where(and(eq(acpWebhookDeliveries.id, deliveryId), eq(acpWebhookDeliveries.merchantId, merchantId)))
    : [];
  if (!row) throw new AppError('not_found', ACP_AGENT_MESSAGES.deliveryNotFound);
  if (row.status === 'pending') throw new AppError('conflict', ACP_AGENT_MESSAGES.deliveryInProgress);
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, merchantId));
  if (!openWebhookSecret(deps.keyring, merchant!))
    throw new AppError('invalid_request', ACP_AGENT_MESSAGES.noWebhookSecret);
  const { webhookUrl } = await loadAgentSettings(deps.db, merchantId);
  const [updated] = await deps.db
    .update(acpWebhookDeliveries)
    .set({ status: 'pending', url: webhookUrl ?? row.url, updatedAt: deps.runtime.clock.now() })
    .where(and(eq(acpWebhookDeliveries.id, row.id), sql`${acpWebhookDeliveries.status} <> 'pending'`))
    .returning();
  if (!updated) throw new AppError('conflict', ACP_AGENT_MESSAGES.deliveryInProgress);
  await deps.jobs.enqueue<DeliveryJob>(ACP_WEBHOOK_DELIVERY_QUEUE, {
    deliveryId: row.id,
    attemptsBefore: updated.attempts,
  });
  return deliveryView(updated);
}
