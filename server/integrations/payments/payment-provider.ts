import type { z } from 'zod';
import type { PaymentStatus } from '#common/domain/payment-status';
import type { AdapterContext } from '../http';
import type { IntegrationManifest } from '../manifest';

export interface PaymentProviderManifest extends IntegrationManifest {
  method: 'card' | 'lightning';
  /** What the payments history and analytics call its method, e.g. "Lightning (OpenNode)". */
  methodLabel: string;
  /**
   * The message the settings form and the server give for missing or refused credentials, whichever
   * field it is. Without one, the server gives the first field's own message and the form a generic one.
   */
  missingCredentialsMessage?: string;
  /**
   * The status page's probe: a credential-less GET of this path on the live API base, where any answer
   * below 500 means the provider is up. Only live providers with a probe are checked (and reported).
   */
  healthProbe: { path: string } | null;
}

/** A Lightning provider's facts beyond every provider's. */
export interface LightningProviderManifest extends PaymentProviderManifest {
  method: 'lightning';
  /**
   * Whether a merchant who switches Bitcoin on with this provider gets the Bitcoin badge of the ChatGPT
   * application bundle (the merchant's `btc_opennode_enabled`).
   */
  inApplicationBundle: boolean;
  /**
   * Whether agents are shown the invoice's on-chain fallback address (`onchain_address` in the agent API's
   * `btc` object and in the ACP Lightning handler's invoice).
   */
  agentApiOnchainAddress: boolean;
  /**
   * The simulator's controls, as paths under its `/__sim/`: `payInvoice` marks an invoice paid. The
   * sandbox's "pay this invoice" action and the contract suite both drive the simulator through it.
   */
  sandboxControls: { payInvoice(invoiceId: string): string };
}

/** A Lightning invoice as an agent needs it to pay. */
export interface LightningDetails {
  /** BOLT11 payment request, when the provider exposes one. */
  paymentRequest: string | null;
  /** A page where a person can pay (hosted checkout). */
  paymentUrl: string | null;
  expiresAt: Date | null;
  /** On-chain fallback address, when offered (CoinCorner, OpenNode). */
  onchainAddress: string | null;
  /** The invoice amount in satoshis, when known. */
  amountSats: number | null;
}

/** A payment as the provider reports it, normalized. */
export interface ProviderPayment {
  /** The provider's id: pi_… for Stripe, a charge UUID for OpenNode, an invoice id elsewhere. */
  id: string;
  status: PaymentStatus;
  /** The provider's own status word, kept for support and the payments history. */
  providerStatus: string;
  /** In minor units of `currency`. */
  amountMinor: number;
  currency: string;
  lightning: LightningDetails | null;
  /** Decline or failure reason in the provider's words, when there is one. */
  failureMessage: string | null;
  /** The provider's response body (stored as the payment's provider payload; purged after 90 days). */
  raw: unknown;
}

/** A payment the merchant's Lightning account made to someone else's invoice (a buyer's refund). */
export interface ProviderPayout {
  /** The provider's id for the payout (an OpenNode withdrawal id). */
  id: string;
  /** `pending` until the Lightning payment settles; `failed` gives the merchant's account its sats back. */
  status: 'pending' | 'succeeded' | 'failed';
  /** The sats the invoice was paid. */
  amountSats: number;
  /** The routing fee the merchant's account paid on top, in sats, when the provider says. */
  feeSats: number | null;
  /** Why it failed, in the provider's words, when it did. */
  failureReason: string | null;
}

/** A dispute (chargeback) as the provider reports it. */
export interface ProviderDispute {
  /** dp_… on Stripe. */
  id: string;
  /** The disputed amount, in the payment's minor units. */
  amountMinor: number;
  /** The bank's reason in the provider's words (fraudulent, product_not_received …). */
  reason: string;
  /** needs_response, under_review, won, lost … */
  status: string;
}

/** A refund as the provider reports it, normalized. */
export interface ProviderRefund {
  /** The provider's id: re_… for Stripe. */
  id: string;
  status: PaymentStatus;
  amountMinor: number;
  /** Why it failed, in the provider's words, when it did. */
  failureReason: string | null;
  /** The reason its maker gave, in the provider's words. */
  reason: string | null;
  /** What the refund's maker attached (ours carry the ledger's refund id). */
  metadata: Record<string, string>;
}

export interface WebhookRequest {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
}

/** What a verified webhook tells us: which payment to re-read. We never trust a webhook's status alone. */
export interface PaymentWebhook {
  paymentId: string;
  eventId: string | null;
  type: string;
}

interface PaymentProviderBase<Credentials> {
  manifest: PaymentProviderManifest;
  credentialsSchema: z.ZodType<Credentials>;
  /**
   * Proves the credentials work with one cheap authenticated call. Throws ProviderError ('auth', ...).
   * `accountId` is the provider's id of the account behind the credentials, when it has one (acct_…).
   */
  verifyCredentials(
    ctx: AdapterContext<Credentials>,
  ): Promise<{ accountLabel: string | null; accountId?: string | null }>;
  getPayment(ctx: AdapterContext<Credentials>, paymentId: string): Promise<ProviderPayment>;
}

/** What an agent's Shared Payment Token allows (Stripe's `usage_limits`). */
export interface SharedPaymentTokenLimits {
  /** Upper-case ISO currency. */
  currency: string;
  maxAmountMinor: number;
  expiresAt: Date | null;
  /** False once revoked or used up. */
  active: boolean;
}

/** Card providers charge a Shared Payment Token that an AI agent handed over. */
export interface CardPaymentProvider<Credentials = unknown> extends PaymentProviderBase<Credentials> {
  manifest: PaymentProviderManifest & { method: 'card' };
  chargeSharedPaymentToken(
    ctx: AdapterContext<Credentials>,
    input: {
      token: string;
      amountMinor: number;
      currency: string;
      /** Sent to the provider so a retried charge never charges twice. */
      idempotencyKey: string;
      description?: string;
      metadata?: Record<string, string>;
      /**
       * The platform's fee, in minor units, for the provider to take from a charge made on a connected
       * account (Stripe Connect's application fee). Only for connected accounts: a merchant's own key has
       * no platform to pay.
       */
      applicationFeeMinor?: number;
    },
  ): Promise<ProviderPayment>;
  /** Reads a Shared Payment Token's limits, so a charge can be checked against them before it is made. */
  inspectSharedPaymentToken(
    ctx: AdapterContext<Credentials>,
    token: string,
  ): Promise<SharedPaymentTokenLimits>;
  /**
   * Finds the payment a charge created by one metadata entry it carried (the engine tags every charge
   * with `checkout_id`), so a charge whose answer was lost with a crashed process is recovered without
   * charging again. Null when there is none. Stripe's search index can lag a charge by up to a minute, so
   * ask only about charges older than that.
   */
  findPaymentByMetadata(
    ctx: AdapterContext<Credentials>,
    key: string,
    value: string,
  ): Promise<ProviderPayment | null>;
  cancelPayment(ctx: AdapterContext<Credentials>, paymentId: string): Promise<ProviderPayment>;
  refundPayment(
    ctx: AdapterContext<Credentials>,
    input: {
      paymentId: string;
      amountMinor?: number;
      /** One per logical refund: a retried call refunds once. */
      idempotencyKey: string;
      /** The provider's own reason words (Stripe: duplicate, fraudulent, requested_by_customer). */
      reason?: string;
      /**
       * Give the platform's application fee back in proportion. Only the platform's key acting on a
       * connected account may (Stripe refuses it from the account's own key).
       */
      refundApplicationFee?: boolean;
      metadata?: Record<string, string>;
    },
  ): Promise<ProviderRefund>;
  /** Every refund of a payment, however it was made (our API or the provider's dashboard). */
  listRefunds(ctx: AdapterContext<Credentials>, paymentId: string): Promise<ProviderRefund[]>;
  /** The disputes (chargebacks) the buyer's bank opened on a payment, read from the provider (ADR 053). */
  listDisputes(ctx: AdapterContext<Credentials>, paymentId: string): Promise<ProviderDispute[]>;
  /** Verifies the signature with the endpoint's signing secret; throws ProviderError('auth') when it fails. */
  parseWebhook(input: WebhookRequest & { signingSecret: string; now: Date }): PaymentWebhook;
  /**
   * Subscribes `url` to `events` on the account the credentials act for (ADR 058). The answer carries
   * the endpoint's signing secret, which the provider shows only here: the caller must keep it.
   */
  createWebhookEndpoint(
    ctx: AdapterContext<Credentials>,
    input: { url: string; events: readonly string[]; description: string },
  ): Promise<{ id: string; secret: string }>;
  /** Removes an endpoint made with createWebhookEndpoint; one already gone counts as removed. */
  deleteWebhookEndpoint(ctx: AdapterContext<Credentials>, endpointId: string): Promise<void>;
}

/** Lightning providers issue invoices that settle to the merchant's own account. */
export interface LightningPaymentProvider<Credentials = unknown> extends PaymentProviderBase<Credentials> {
  manifest: LightningProviderManifest;
  createInvoice(
    ctx: AdapterContext<Credentials>,
    input: {
      amountMinor: number;
      currency: string;
      /** Our reference (the checkout id), echoed back by the provider. */
      orderRef: string;
      description: string;
      /** The invoice must expire no later than the checkout. */
      expiresInMinutes: number;
      callbackUrl?: string;
      successUrl?: string;
    },
  ): Promise<ProviderPayment>;
  /**
   * Verifies a provider notification (signature where the provider signs, a credential match where it
   * does not) and says which payment to re-read. Throws ProviderError('auth') when it cannot be trusted.
   */
  parseWebhook(ctx: AdapterContext<Credentials>, input: WebhookRequest): Promise<PaymentWebhook>;
  /**
   * Pays a BOLT11 invoice from the merchant's account: how a Lightning payment is refunded, since a paid
   * invoice cannot be reversed (the buyer gives an invoice for the refund). Absent where the provider has
   * no such API; the merchant then refunds outside AgentCart. The provider refuses an invoice that has
   * expired, was paid already, or is for another amount than `amountSats` (ProviderError invalid_request).
   */
  payInvoice?(
    ctx: AdapterContext<Credentials>,
    input: {
      /** The buyer's BOLT11 payment request. */
      paymentRequest: string;
      /** The exact amount the invoice must be for, in sats. */
      amountSats: number;
      /** Our reference (the refund id), kept by the provider with the payout. */
      reference: string;
      /** Where the provider tells of the payout's outcome, when it notifies. */
      callbackUrl?: string;
    },
  ): Promise<ProviderPayout>;
  /** Reads a payout made with `payInvoice` again, for its outcome. Present exactly when payInvoice is. */
  getPayout?(ctx: AdapterContext<Credentials>, payoutId: string): Promise<ProviderPayout>;
  /**
   * The payout `payInvoice` made for `reference` paying `paymentRequest`, or null when the provider has
   * none: how a payout whose answer was lost (a timeout after the request arrived) is found instead of
   * being paid again (ADR 058). Present exactly when payInvoice is.
   */
  findPayout?(
    ctx: AdapterContext<Credentials>,
    match: { reference: string; paymentRequest: string },
  ): Promise<ProviderPayout | null>;
}

/** Any registered provider; operations validate credentials with the provider's own schema first. */
export type PaymentProvider = CardPaymentProvider<unknown> | LightningPaymentProvider<unknown>;
