import { and, eq, notInArray } from 'drizzle-orm';
import { sessionChannel } from '#common/domain/sales-channel';
import {
  acpSessions,
  checkouts,
  offers,
  orders,
  payments,
  type AcpBuyer,
  type AcpFulfillment,
  type AcpNotice,
  type AcpRequestedItem,
  type AcpSession,
  type Checkout,
  type Merchant,
  type Offer,
  type Order,
  type Payment,
} from '../../db/schema/index';
import { publicId } from '../../lib/ids';
import { refreshOrderFromStore } from '../commerce';
import { AcpError } from './acp-error';
import type { AcpDeps } from './acp-deps';
import { refreshLightningInvoice, withdrawInvoice } from './lightning-invoice';
import { priceSession } from './session-pricing';
import { lineItemId } from './session-view';
import { acpVersion, isAcpVersion } from './versions/registry';

/** Sessions stay open for a day; completing one charges at that moment's store prices. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;

/** What an agent changes on a session, version-neutral (the wire modules translate each version). */
export interface SessionChanges {
  items?: AcpRequestedItem[];
  buyer?: AcpBuyer;
  fulfillment?: AcpFulfillment;
  selectedOptionId?: string;
  /** The line items the chosen fulfillment option is for (2026-04-17 `item_ids`), checked against the session's. */
  fulfillmentItemIds?: string[];
  currency?: string;
  locale?: string;
  metadata?: Record<string, unknown>;
}

/** Everything a response is rendered from. */
export interface SessionState {
  session: AcpSession;
  offer: Offer | null;
  /** The engine checkout carrying the payment, with its payment row (a Lightning invoice lives there). */
  checkout: Checkout | null;
  payment: Payment | null;
  order: Order | null;
}

const OPEN = ['not_ready_for_payment', 'ready_for_payment'];

export async function createSession(
  deps: AcpDeps,
  merchant: Merchant,
  /** What the session stores as its version: an ACP API-Version, or a UCP channel (sessionChannel). */
  version: string,
  changes: SessionChanges & { items: AcpRequestedItem[] },
  /** The calling agent's name (lib/agent-identity), recorded on the offers the session prices. */
  agent: string | null,
): Promise<SessionState> {
  const now = deps.clock.now();
  const pricing = await priceSession(deps, merchant, {
    items: changes.items,
    fulfillment: changes.fulfillment ?? null,
    requestedOptionId: null,
    previousOptionId: null,
    requestedCurrency: changes.currency ?? null,
    origin: { channel: sessionChannel(version), agent },
  });
  const [session] = await deps.db
    .insert(acpSessions)
    .values({
      id: publicId('cs'),
      merchantId: merchant.id,
      apiVersion: version,
      status: pricing.offer ? 'ready_for_payment' : 'not_ready_for_payment',
      currency: pricing.currency,
      items: changes.items,
      pricedItems: pricing.pricedItems,
      itemIssues: pricing.itemIssues,
      buyer: changes.buyer ?? null,
      fulfillment: changes.fulfillment ?? null,
      selectedOptionId: pricing.selectedOptionId,
      offerId: pricing.offer?.id ?? null,
      locale: changes.locale ?? null,
      metadata: changes.metadata ?? {},
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return afterPricing(deps, merchant, version, session!, pricing.offer);
}

/**
 * `item_ids` name the session's line items. The schema says line item ids, which is what sessions show;
 * the specification's own examples send the items' ids (`item_123` beside `line_item_123`), so those are
 * taken too. Any other id is refused.
 */
function assertLineItemIds(items: AcpRequestedItem[], itemIds: string[] | undefined) {
  const known = new Set(items.flatMap((item) => [lineItemId(item.id), item.id]));
  const unknown = (itemIds ?? []).findIndex((id) => !known.has(id));
  if (unknown < 0) return;
  throw new AcpError(400, 'invalid_request', `No line item ${itemIds![unknown]} in this session`, {
    param: `$.selected_fulfillment_options[0].item_ids[${unknown}]`,
  });
}

export async function updateSession(
  deps: AcpDeps,
  merchant: Merchant,
  version: string,
  sessionId: string,
  changes: SessionChanges,
  agent: string | null,
): Promise<SessionState> {
  const { session } = await loadSession(deps, merchant, sessionId);
  assertOpen(session, deps.clock.now());
  const items = changes.items ?? session.items;
  assertLineItemIds(items, changes.fulfillmentItemIds);
  const fulfillment = mergeFulfillment(session.fulfillment, changes.fulfillment);
  const pricing = await priceSession(deps, merchant, {
    items,
    fulfillment,
    requestedOptionId: changes.selectedOptionId ?? null,
    previousOptionId: session.selectedOptionId,
    requestedCurrency: null,
    // The session's own version: it is the protocol the sale runs under, whatever this request says.
    origin: { channel: sessionChannel(session.apiVersion), agent },
  });
  const [updated] = await deps.db
    .update(acpSessions)
    .set({
      status: pricing.offer ? 'ready_for_payment' : 'not_ready_for_payment',
      currency: pricing.currency,
      items,
      pricedItems: pricing.pricedItems,
      itemIssues: pricing.itemIssues,
      buyer: mergeBuyer(session.buyer, changes.buyer),
      fulfillment,
      selectedOptionId: pricing.selectedOptionId,
      offerId: pricing.offer?.id ?? null,
      notices: [],
      updatedAt: deps.clock.now(),
    })
    .where(
      and(
        eq(acpSessions.id, session.id),
        notInArray(acpSessions.status, ['completed', 'canceled', 'in_progress']),
      ),
    )
    .returning();
  if (!updated) return rejectChange(deps, merchant, sessionId);
  return afterPricing(deps, merchant, version, updated, pricing.offer);
}

/** Cancels an open session (405 once completed or canceled); its Lightning invoice is withdrawn. */
export async function cancelSession(
  deps: AcpDeps,
  merchant: Merchant,
  sessionId: string,
  reason: string | null,
): Promise<SessionState> {
  const { session, checkout } = await loadSession(deps, merchant, sessionId);
  if (session.status === 'completed' || session.status === 'canceled') {
    throw new AcpError(405, 'not_cancelable', `This checkout session is already ${session.status}`);
  }
  if (session.status === 'in_progress') {
    throw new AcpError(409, 'complete_in_progress', 'A payment for this session is being processed', {
      retryAfter: 1,
    });
  }
  const now = deps.clock.now();
  const [canceled] = await deps.db
    .update(acpSessions)
    .set({
      status: 'canceled',
      canceledAt: now,
      updatedAt: now,
      ...(reason ? { metadata: { ...session.metadata, cancel_reason: reason } } : {}),
    })
    .where(
      and(
        eq(acpSessions.id, session.id),
        notInArray(acpSessions.status, ['completed', 'canceled', 'in_progress']),
      ),
    )
    .returning();
  if (!canceled) return cancelSession(deps, merchant, sessionId, reason);
  if (checkout?.method === 'btc') await withdrawInvoice(deps, checkout.id, 'the session was canceled');
  return loadSession(deps, merchant, sessionId);
}

/**
 * Loads a session with what its answer needs, scoped to the merchant. A Lightning payment settled by the
 * provider's webhook or the background job completes the session here, the first time anyone looks.
 */
export async function loadSession(
  deps: AcpDeps,
  merchant: Merchant,
  sessionId: string,
): Promise<SessionState> {
  const [session] = await deps.db
    .select()
    .from(acpSessions)
    .where(and(eq(acpSessions.id, sessionId), eq(acpSessions.merchantId, merchant.id)));
  if (!session) throw new AcpError(404, 'session_not_found', `No checkout session ${sessionId}`);
  const [offer] = session.offerId
    ? await deps.db.select().from(offers).where(eq(offers.id, session.offerId))
    : [];
  const [checkout] = session.checkoutId
    ? await deps.db.select().from(checkouts).where(eq(checkouts.id, session.checkoutId))
    : [];
  const [payment] = checkout
    ? await deps.db.select().from(payments).where(eq(payments.checkoutId, checkout.id))
    : [];
  const [order] = checkout
    ? await deps.db.select().from(orders).where(eq(orders.checkoutId, checkout.id))
    : [];
  const state: SessionState = {
    session,
    offer: offer ?? null,
    checkout: checkout ?? null,
    payment: payment ?? null,
    order: order ?? null,
  };
  if (order && session.status !== 'completed' && checkout?.status === 'ACCEPTED') {
    return markCompleted(deps, state, order);
  }
  if (isAbandonedCompletion(state, deps.clock.now(), deps.instance.leases.confirmLeaseMs)) {
    await reopenWithNotice(deps, session.id, null);
    return loadSession(deps, merchant, sessionId);
  }
  return state;
}

/**
 * A completion whose process died holds its session in_progress. Once its card checkout is no longer
 * PROCESSING (reconciliation settled or released it, or it never got that far) and the lease has
 * passed, the session is payable again; a paid one completes above instead.
 */
function isAbandonedCompletion({ session, checkout }: SessionState, now: Date, leaseMs: number) {
  return (
    session.status === 'in_progress' &&
    session.updatedAt.getTime() < now.getTime() - leaseMs &&
    checkout?.status !== 'PROCESSING' &&
    checkout?.status !== 'ACCEPTED'
  );
}

/**
 * A completed session's order as the store sees it now (fulfilment and cancellation happen there); an
 * agent reading the session learns what the background sync would tell it later.
 */
export async function withStoreOrderStatus(deps: AcpDeps, merchant: Merchant, state: SessionState) {
  if (!state.order || state.session.status !== 'completed') return state;
  return { ...state, order: await refreshOrderFromStore(deps, merchant, state.order) };
}

/**
 * Records the order on the session (once). The agent hears of the order, and of every later change to
 * it, from the engine's order events (acp-agents).
 */
export async function markCompleted(deps: AcpDeps, state: SessionState, order: Order): Promise<SessionState> {
  const now = deps.clock.now();
  const [completed] = await deps.db
    .update(acpSessions)
    .set({ status: 'completed', orderId: order.id, completedAt: now, notices: [], updatedAt: now })
    .where(and(eq(acpSessions.id, state.session.id), notInArray(acpSessions.status, ['completed'])))
    .returning();
  if (!completed) {
    const [current] = await deps.db.select().from(acpSessions).where(eq(acpSessions.id, state.session.id));
    return { ...state, session: current!, order };
  }
  return { ...state, session: completed, order };
}

/** Sets (or clears) the message a session carries after a failed payment, and makes it payable again. */
export async function reopenWithNotice(deps: AcpDeps, sessionId: string, notice: AcpNotice | null) {
  await deps.db
    .update(acpSessions)
    .set({
      status: 'ready_for_payment',
      notices: notice ? [notice] : [],
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(acpSessions.id, sessionId), eq(acpSessions.status, 'in_progress')));
}

export function assertOpen(session: AcpSession, now: Date) {
  if (session.status === 'completed' || session.status === 'canceled') {
    throw new AcpError(
      409,
      `session_${session.status}`,
      `This checkout session is already ${session.status}`,
    );
  }
  if (session.status === 'in_progress') {
    throw new AcpError(409, 'complete_in_progress', 'A payment for this session is being processed', {
      retryAfter: 1,
    });
  }
  if (session.expiresAt <= now) {
    throw new AcpError(409, 'session_expired', 'This checkout session has expired; create a new one');
  }
}

export const isOpen = (session: AcpSession) => OPEN.includes(session.status);

async function rejectChange(deps: AcpDeps, merchant: Merchant, sessionId: string): Promise<never> {
  const { session } = await loadSession(deps, merchant, sessionId);
  assertOpen(session, deps.clock.now());
  throw new AcpError(409, 'conflict', 'The session changed while this request ran; retry it');
}

/** Sessions of an ACP version with Lightning carry a payable invoice once they are ready for payment. */
async function afterPricing(
  deps: AcpDeps,
  merchant: Merchant,
  version: string,
  session: AcpSession,
  offer: Offer | null,
): Promise<SessionState> {
  const lightning = isAcpVersion(version) && acpVersion(version).lightning;
  if (lightning && offer && session.status === 'ready_for_payment') {
    await refreshLightningInvoice(deps, merchant, session, offer);
  }
  return loadSession(deps, merchant, session.id);
}

/** Fields the agent sends replace the stored ones; fields it leaves out (null) stay as they were. */
function mergeKnown<T extends object>(current: T | null, change: T | undefined): T | null {
  if (!change) return current;
  const merged = { ...change } as Record<string, unknown>;
  for (const [field, value] of Object.entries(change)) {
    if (value === null) merged[field] = (current as Record<string, unknown> | null)?.[field] ?? null;
  }
  return merged as T;
}

export const mergeBuyer = (current: AcpBuyer | null, change: AcpBuyer | undefined) =>
  mergeKnown(current, change);
const mergeFulfillment = (current: AcpFulfillment | null, change: AcpFulfillment | undefined) =>
  mergeKnown(current, change);
