import { and, eq } from 'drizzle-orm';
import { sessionChannel } from '#common/domain/sales-channel';
import { acpSessions, type AcpBuyer, type Merchant } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import {
  CommerceError,
  confirmCheckout,
  type CardAccount,
  createCheckout,
  merchantCardAccount,
  paymentWebhookUrl,
} from '../commerce';
import { AcpError } from './acp-error';
import type { AcpDeps } from './acp-deps';
import { buyerEmail, toEngineBuyer } from './engine-buyer';
import { refreshLightningInvoice, settleOrWithdrawInvoice } from './lightning-invoice';
import { priceSession, sessionTotals } from './session-pricing';
import {
  assertOpen,
  loadSession,
  markCompleted,
  mergeBuyer,
  reopenWithNotice,
  type SessionState,
} from './sessions';

export type CompletePayment = { kind: 'card'; token: string } | { kind: 'lightning'; invoiceId: string };

/**
 * Completes a session: the buyer's payment is taken on the merchant's own provider and the order is
 * written to the store, through the engine (its state machine, outbox and reconciliation guard the
 * money). Only one completion runs at a time (ready_for_payment -> in_progress is a compare-and-set), so
 * concurrent completes give one charge and one order; a completed session answers again with its order.
 */
export async function completeSession(
  deps: AcpDeps,
  merchant: Merchant,
  sessionId: string,
  input: { buyer?: AcpBuyer; payment: CompletePayment },
): Promise<SessionState> {
  let state = await loadSession(deps, merchant, sessionId);
  if (state.session.status === 'completed') return state;
  assertOpen(state.session, deps.clock.now());
  if (input.buyer) {
    const [updated] = await deps.db
      .update(acpSessions)
      .set({ buyer: mergeBuyer(state.session.buyer, input.buyer), updatedAt: deps.clock.now() })
      .where(eq(acpSessions.id, sessionId))
      .returning();
    state = { ...state, session: updated! };
  }
  if (!buyerEmail(state.session)) {
    throw new AcpError(400, 'missing', 'The buyer email is required to complete the checkout', {
      param: '$.buyer.email',
    });
  }
  if (state.session.status !== 'ready_for_payment' || !state.offer) {
    throw new AcpError(409, 'session_not_ready', 'This session is not ready for payment; see its messages', {
      param: '$.status',
    });
  }
  return input.payment.kind === 'card'
    ? completeWithCard(deps, merchant, await withCurrentPrices(deps, merchant, state), input.payment.token)
    : completeWithLightning(deps, merchant, state, input.payment.invoiceId);
}

/**
 * Puts a payable Lightning invoice on a ready session (the engine's checkout, as ACP 2026-04-17 sessions
 * carry one), for a door whose protocol hands the buyer to a payment page rather than holding the invoice
 * in a handler (UCP's `requires_escalation`, ADR 048). Settlement is the engine's, exactly once; a card
 * completion afterwards withdraws the invoice.
 */
export async function issueLightningInvoice(
  deps: AcpDeps,
  merchant: Merchant,
  sessionId: string,
): Promise<SessionState> {
  const state = await loadSession(deps, merchant, sessionId);
  assertOpen(state.session, deps.clock.now());
  if (!merchant.btcEnabled || !merchant.btcProvider) {
    throw new AcpError(400, 'payment_method_unsupported', 'This merchant does not accept Bitcoin');
  }
  if (!buyerEmail(state.session)) {
    throw new AcpError(400, 'missing', 'The buyer email is required to complete the checkout');
  }
  if (state.session.status !== 'ready_for_payment' || !state.offer) {
    throw new AcpError(409, 'session_not_ready', 'This session is not ready for payment; see its messages');
  }
  await refreshLightningInvoice(deps, merchant, state.session, state.offer);
  return loadSession(deps, merchant, sessionId);
}

/**
 * An offer keeps store prices for 15 minutes. Past that the basket is priced again; if the total moved,
 * the agent must show the buyer the new total before anything is charged.
 */
async function withCurrentPrices(
  deps: AcpDeps,
  merchant: Merchant,
  state: SessionState,
): Promise<SessionState> {
  const { session, offer } = state;
  if (offer && offer.expiresAt > deps.clock.now()) return state;
  const before = sessionTotals(session.pricedItems, offer, session.selectedOptionId).total;
  const pricing = await priceSession(deps, merchant, {
    items: session.items,
    fulfillment: session.fulfillment,
    requestedOptionId: null,
    previousOptionId: session.selectedOptionId,
    requestedCurrency: null,
    // The agent that priced the expired offer is the one completing the session.
    origin: { channel: sessionChannel(session.apiVersion), agent: offer?.agent ?? null },
  });
  const after = sessionTotals(pricing.pricedItems, pricing.offer, pricing.selectedOptionId).total;
  const changed = !pricing.offer || after !== before;
  await deps.db
    .update(acpSessions)
    .set({
      status: pricing.offer ? 'ready_for_payment' : 'not_ready_for_payment',
      pricedItems: pricing.pricedItems,
      itemIssues: pricing.itemIssues,
      offerId: pricing.offer?.id ?? null,
      selectedOptionId: pricing.selectedOptionId,
      notices: changed
        ? [
            {
              code: 'prices_changed',
              content: 'Prices changed since this session was priced; review the new total.',
            },
          ]
        : [],
      updatedAt: deps.clock.now(),
    })
    .where(and(eq(acpSessions.id, session.id), eq(acpSessions.status, 'ready_for_payment')));
  if (changed) {
    throw new AcpError(
      409,
      'prices_changed',
      'Prices changed; retrieve the session and confirm the new total with the buyer',
    );
  }
  return loadSession(deps, merchant, session.id);
}

async function completeWithCard(
  deps: AcpDeps,
  merchant: Merchant,
  state: SessionState,
  token: string,
): Promise<SessionState> {
  const { session, offer } = state;
  // Loaded once for the whole completion: the token check, the checkout and the charge all use it.
  const card = await merchantCardAccount(deps, merchant).catch((err: unknown) => {
    if (err instanceof CommerceError && err.code === 'not_configured') {
      throw new AcpError(400, 'payment_method_unsupported', 'This merchant does not accept card payments', {
        param: '$.payment_data',
      });
    }
    throw err;
  });
  const { total } = sessionTotals(session.pricedItems, offer, session.selectedOptionId);
  await checkTokenCovers(deps, card, token, total, offer!.currency);

  const [claimed] = await deps.db
    .update(acpSessions)
    .set({ status: 'in_progress', updatedAt: deps.clock.now() })
    .where(and(eq(acpSessions.id, session.id), eq(acpSessions.status, 'ready_for_payment')))
    .returning();
  if (!claimed) {
    const current = await loadSession(deps, merchant, session.id);
    if (current.session.status === 'completed') return current;
    assertOpen(current.session, deps.clock.now());
    throw new AcpError(409, 'session_not_ready', 'This session is not ready for payment; see its messages');
  }
  try {
    const invoice =
      state.checkout?.method === 'btc' && state.checkout.status === 'PENDING_PAYMENT' ? state.checkout : null;
    const paidByLightning = invoice ? await settleOrWithdrawInvoice(deps, merchant, invoice.id) : null;
    if (paidByLightning)
      return markCompleted(deps, await loadSession(deps, merchant, session.id), paidByLightning);
    // A card checkout left PENDING by an attempt whose outcome is unknown (provider timeout) is confirmed
    // again rather than replaced: its id is Stripe's idempotency key, so it can never charge twice.
    const retry =
      state.checkout?.method === 'stripe' && state.checkout.status === 'PENDING' ? state.checkout : null;
    const checkout =
      retry ??
      (
        await createCheckout(deps, merchant, {
          offerId: offer!.id,
          shippingOptionId: session.selectedOptionId!,
          buyer: toEngineBuyer(claimed)!,
          payment: {
            method: 'stripe',
            sharedPaymentToken: token,
            amount: total,
            currency: offer!.currency,
            card,
          },
          callbackUrl: (provider) => paymentWebhookUrl(deps.publicUrl, provider, merchant.id),
        })
      ).checkout;
    if (!retry) {
      await deps.db
        .update(acpSessions)
        .set({ checkoutId: checkout.id })
        .where(eq(acpSessions.id, session.id));
    }
    const result = await confirmCheckout(deps, merchant, checkout.id, { card });
    if (result.status !== 'ACCEPTED')
      throw new Error(`card checkout ${checkout.id} answered ${result.status}`);
    return markCompleted(deps, await loadSession(deps, merchant, session.id), result.order);
  } catch (err) {
    if (err instanceof CommerceError && (err.code === 'declined' || err.code === 'expired')) {
      await reopenWithNotice(deps, session.id, { code: 'payment_declined', content: err.message });
      throw new AcpError(402, 'payment_declined', err.message, { param: '$.payment_data' });
    }
    if (err instanceof CommerceError && err.code === 'invalid_checkout') {
      await reopenWithNotice(deps, session.id, { code: 'prices_changed', content: err.message });
      throw new AcpError(409, 'prices_changed', err.message);
    }
    await reopenWithNotice(deps, session.id, null);
    throw err;
  }
}

/** The token must be live and allow at least this amount in this currency (Stripe's usage limits). */
async function checkTokenCovers(
  deps: AcpDeps,
  card: CardAccount,
  token: string,
  total: number,
  currency: string,
) {
  let limits;
  try {
    limits = await card.provider.inspectSharedPaymentToken(card.ctx, token);
  } catch (err) {
    if (
      err instanceof ProviderError &&
      (err.kind === 'invalid_request' || err.kind === 'not_found' || err.kind === 'declined')
    ) {
      throw new AcpError(402, 'payment_declined', 'The payment token is not valid for this merchant', {
        param: '$.payment_data',
      });
    }
    if (err instanceof ProviderError) {
      throw new AcpError(503, 'provider_unavailable', 'The card provider is not answering; retry shortly', {
        retryAfter: 5,
      });
    }
    throw err;
  }
  const problem = !limits.active
    ? 'The payment token has been used or revoked'
    : limits.currency !== currency
      ? `The payment token is for ${limits.currency.toLowerCase()}, the total is in ${currency.toLowerCase()}`
      : limits.maxAmountMinor < total
        ? `The payment token allows ${limits.maxAmountMinor}, less than the total of ${total}`
        : limits.expiresAt && limits.expiresAt <= deps.clock.now()
          ? 'The payment token has expired'
          : null;
  if (problem) throw new AcpError(402, 'payment_declined', problem, { param: '$.payment_data' });
}

/**
 * The agent paid the session's Lightning invoice and asks to complete: the engine asks the provider and
 * settles once. Unpaid yet -> 409 payment_pending (retry shortly); expired -> a fresh invoice is issued.
 */
async function completeWithLightning(
  deps: AcpDeps,
  merchant: Merchant,
  state: SessionState,
  invoiceId: string,
): Promise<SessionState> {
  const { checkout, payment } = state;
  if (checkout?.method !== 'btc' || !payment?.providerInvoiceId) {
    throw new AcpError(400, 'payment_method_unsupported', 'This session has no Lightning invoice to pay', {
      param: '$.payment_data.handler_id',
    });
  }
  if (payment.providerInvoiceId !== invoiceId) {
    throw new AcpError(
      400,
      'invalid_request',
      "The invoice id does not match this session's current invoice",
      {
        param: '$.payment_data.instrument.credential.token',
      },
    );
  }
  try {
    const result = await confirmCheckout(deps, merchant, checkout.id);
    if (result.status === 'ACCEPTED') {
      return markCompleted(deps, await loadSession(deps, merchant, state.session.id), result.order);
    }
  } catch (err) {
    if (err instanceof CommerceError && err.code === 'already_processed') {
      const current = await loadSession(deps, merchant, state.session.id);
      if (current.session.status === 'completed') return current;
    }
    if (err instanceof CommerceError && (err.code === 'expired' || err.code === 'declined')) {
      await refreshLightningInvoice(deps, merchant, state.session, state.offer!);
      throw new AcpError(
        402,
        err.code === 'expired' ? 'payment_expired' : 'payment_declined',
        `${err.message}; a new invoice is on the session`,
        {
          param: '$.payment_data',
        },
      );
    }
    throw err;
  }
  const pending = 'The Lightning invoice has not been paid yet; retry shortly';
  await deps.db
    .update(acpSessions)
    .set({ notices: [{ code: 'payment_pending', content: pending }], updatedAt: deps.clock.now() })
    .where(and(eq(acpSessions.id, state.session.id), eq(acpSessions.status, 'ready_for_payment')));
  throw new AcpError(409, 'payment_pending', pending, { retryAfter: 3 });
}
