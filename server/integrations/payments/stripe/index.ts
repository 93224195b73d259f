import type Stripe from 'stripe';
import { ProviderError, type AdapterContext } from '../../http';
import type {
  CardPaymentProvider,
  ProviderDispute,
  ProviderPayment,
  ProviderRefund,
} from '../payment-provider';
import {
  callStripe,
  stripeAccount,
  stripeClient,
  searchQuoted,
  stripePaymentIntent,
  stripePaymentIntentSearch,
  stripeGrantedToken,
  stripeRefund,
  stripeRefundList,
  stripeDisputeList,
  stripeCreatedWebhookEndpoint,
  stripeDeletedWebhookEndpoint,
  type StripePaymentIntent,
  type StripeRefund,
} from './api';
import { stripeCredentialFields, stripeCredentials, type StripeCredentials } from './credentials';
import { mapPaymentIntentStatus, mapRefundStatus } from './mapping';
import { parseStripeWebhook } from './webhook';

const clientFor = (ctx: AdapterContext<StripeCredentials>) =>
  stripeClient(ctx.http, ctx.credentials.secretKey, ctx.credentials.accountId);

function toPayment(intent: StripePaymentIntent): ProviderPayment {
  return {
    id: intent.id,
    status: mapPaymentIntentStatus(intent.status),
    providerStatus: intent.status,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    lightning: null,
    failureMessage: intent.last_payment_error?.message ?? null,
    raw: intent,
  };
}

export function toRefund(refund: StripeRefund): ProviderRefund {
  return {
    id: refund.id,
    status: mapRefundStatus(refund.status),
    amountMinor: refund.amount,
    failureReason: refund.failure_reason ?? null,
    reason: refund.reason ?? null,
    metadata: refund.metadata ?? {},
  };
}

/**
 * Stripe card payments: an AI agent hands over a Shared Payment Token (spt_…) and we create and confirm a
 * PaymentIntent with it on the merchant's own account (a direct charge when `accountId` is set).
 */
export const stripe: CardPaymentProvider<StripeCredentials> = {
  manifest: {
    id: 'stripe',
    name: 'Stripe',
    method: 'card',
    availability: 'live',
    credentialFields: stripeCredentialFields,
    apiBase: () => 'https://api.stripe.com',
    merchantSuppliedHost: false,
    methodLabel: 'Card (Stripe)',
    healthProbe: { path: '/v1/account' },
  },
  credentialsSchema: stripeCredentials,

  async verifyCredentials(ctx) {
    const account = await callStripe(() => clientFor(ctx).accounts.retrieveCurrent(), stripeAccount);
    return {
      accountLabel: account.business_profile?.name || account.settings?.dashboard?.display_name || account.id,
      accountId: account.id,
    };
  },

  async chargeSharedPaymentToken(ctx, input) {
    const params: Stripe.PaymentIntentCreateParams = {
      amount: input.amountMinor,
      currency: input.currency.toLowerCase(),
      confirm: true,
      // The token's field is preview API: GA typings lack it, and the SDK passes unknown fields through.
      payment_method_data: {
        shared_payment_granted_token: input.token,
      } as unknown as Stripe.PaymentIntentCreateParams.PaymentMethodData,
      // Server-side confirmation has nowhere to send a shopper, so redirect-based methods are ruled out
      // (without this Stripe demands a return_url).
      automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
      ...(input.description ? { description: input.description } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      ...(input.applicationFeeMinor ? { application_fee_amount: input.applicationFeeMinor } : {}),
    };
    const intent = await callStripe(
      () => clientFor(ctx).paymentIntents.create(params, { idempotencyKey: input.idempotencyKey }),
      stripePaymentIntent,
    );
    return toPayment(intent);
  },

  async inspectSharedPaymentToken(ctx, token) {
    // Preview API without SDK methods; rawRequest keeps the SDK's auth, account header and error mapping.
    const granted = await callStripe(
      () =>
        clientFor(ctx).rawRequest('GET', `/v1/shared_payment/granted_tokens/${encodeURIComponent(token)}`),
      stripeGrantedToken,
    );
    const limits = granted.usage_limits;
    return {
      currency: limits.currency.toUpperCase(),
      maxAmountMinor: limits.max_amount,
      expiresAt: limits.expires_at ? new Date(limits.expires_at * 1000) : null,
      active: !granted.deactivated_at,
    };
  },

  async getPayment(ctx, paymentId) {
    return toPayment(
      await callStripe(() => clientFor(ctx).paymentIntents.retrieve(paymentId), stripePaymentIntent),
    );
  },

  async findPaymentByMetadata(ctx, key, value) {
    const found = await callStripe(
      () =>
        clientFor(ctx).paymentIntents.search({
          query: `metadata[${searchQuoted(key)}]:${searchQuoted(value)}`,
        }),
      stripePaymentIntentSearch,
    );
    // One idempotency key per checkout means one intent; should there be more, the paid one is the answer.
    const intent = found.data.find((i) => i.status === 'succeeded') ?? found.data[0];
    return intent ? toPayment(intent) : null;
  },

  async cancelPayment(ctx, paymentId) {
    return toPayment(
      await callStripe(() => clientFor(ctx).paymentIntents.cancel(paymentId), stripePaymentIntent),
    );
  },

  async refundPayment(ctx, input) {
    const refund = await callStripe(
      () =>
        clientFor(ctx).refunds.create(
          {
            payment_intent: input.paymentId,
            ...(input.amountMinor !== undefined ? { amount: input.amountMinor } : {}),
            ...(input.reason ? { reason: input.reason as Stripe.RefundCreateParams.Reason } : {}),
            ...(input.refundApplicationFee ? { refund_application_fee: true } : {}),
            ...(input.metadata ? { metadata: input.metadata } : {}),
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      stripeRefund,
    );
    return toRefund(refund);
  },

  async listRefunds(ctx, paymentId) {
    const found: ProviderRefund[] = [];
    // Pages of 100, newest first; a payment has few refunds, so this is one call nearly always.
    for (let after: string | undefined; ;) {
      const page = await callStripe(
        () =>
          clientFor(ctx).refunds.list({
            payment_intent: paymentId,
            limit: 100,
            ...(after ? { starting_after: after } : {}),
          }),
        stripeRefundList,
      );
      found.push(...page.data.map(toRefund));
      if (!page.has_more || !page.data.length) return found;
      after = page.data.at(-1)!.id;
    }
  },

  async listDisputes(ctx, paymentId) {
    // A payment is disputed at most a few times: one page.
    const page = await callStripe(
      () => clientFor(ctx).disputes.list({ payment_intent: paymentId, limit: 100 }),
      stripeDisputeList,
    );
    return page.data.map((d): ProviderDispute => ({
      id: d.id,
      amountMinor: d.amount,
      reason: d.reason,
      status: d.status,
    }));
  },

  parseWebhook: parseStripeWebhook,

  async createWebhookEndpoint(ctx, input) {
    // An account endpoint (not `connect`), on the account the key belongs to. The API version is left to
    // the account's default: the route reads only an event's type and its object's payment_intent.
    const endpoint = await callStripe(
      () =>
        clientFor(ctx).webhookEndpoints.create({
          url: input.url,
          enabled_events: [...input.events] as Stripe.WebhookEndpointCreateParams.EnabledEvent[],
          description: input.description,
        }),
      stripeCreatedWebhookEndpoint,
    );
    return { id: endpoint.id, secret: endpoint.secret };
  },

  async deleteWebhookEndpoint(ctx, endpointId) {
    try {
      await callStripe(() => clientFor(ctx).webhookEndpoints.del(endpointId), stripeDeletedWebhookEndpoint);
    } catch (err) {
      // Deleted already (in the Dashboard, or by an earlier attempt whose answer was lost): done.
      if (err instanceof ProviderError && err.kind === 'not_found') return;
      throw err;
    }
  },
};
