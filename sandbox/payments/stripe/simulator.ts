import Stripe from 'stripe';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { registerBalance } from './simulator-balance';
import { registerBilling, type Billing } from './simulator-billing';
import { registerCatalog } from './simulator-catalog';
import { registerCheckout } from './simulator-checkout';
import { createEventBus, type WebhookDelivery } from './simulator-events';
import { createExpander } from './simulator-expand';
import { createStripeRouter, resourceMissing, type IdempotencyEntry } from './simulator-http';
import { registerConnect } from './simulator-connect';
import { registerHostedInvoice } from './simulator-hosted-invoice';
import { registerInvoices } from './simulator-invoices';
import { registerMeters } from './simulator-meters';
import { registerPayments } from './simulator-payments';
import { registerPortal } from './simulator-portal';
import { registerDisputes } from './simulator-disputes';
import { registerRefunds } from './simulator-refunds';
import { registerDashboardPage } from './simulator-dashboard';
import { planPriceIds, seedDemoStore, seedPlatformPlans } from './simulator-seed';
import { newAccount, type AccountRecord, type StripeSimState } from './simulator-state';
import { testCardFor } from './simulator-cards';
import type { Customer } from './simulator-catalog';

/** A merchant's own Stripe account in the sandbox, with keys in Stripe's real formats. */
export const STRIPE_SANDBOX_SECRET_KEY = 'sk_test_51QaGcSandboxOutfitters7Hn2Xw4Vb9Lp3Rt6Ys8Dm1Fq5Jk0';
export const STRIPE_SANDBOX_PUBLISHABLE_KEY = 'pk_test_51QaGcSandboxOutfitters7Hn2Xw4Vb9Lp3Rt6Ys8Dm1Fq5Jk0';
export const STRIPE_SANDBOX_ACCOUNT_ID = 'acct_1QaGcSandboxMerch';
/** Our own platform account in the sandbox: Connect accounts (OAuth, Express) connect to it. */
export const STRIPE_SANDBOX_PLATFORM_SECRET_KEY =
  'sk_test_51QaGcAgentCartPlatform4Tq8Wz2Nc6Hv1Bx5Km9Pd3Rf7Gy0';
export const STRIPE_SANDBOX_PLATFORM_ACCOUNT_ID = 'acct_1QaGcAgentCartPf';
export const STRIPE_SANDBOX_CLIENT_ID = 'ca_QaGcAgentCartPlatformClient0000001';
/** Signs what `payment_intents/:id/webhook` returns and what is forwarded (like `stripe listen`). */
export const STRIPE_SANDBOX_WEBHOOK_SECRET = 'whsec_QaGcSandboxAgentCartWebhookSigning01';

export interface StripeSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  /** The sandbox account's business name (what verifyCredentials shows). */
  accountName?: string;
  /** The simulator's clock in ms; tests move it to expire tokens and links. */
  now?: () => number;
  /** The simulator's own public base URL (for links it hands out); found after listen when omitted. */
  publicBaseUrl?: () => string;
  /** Sends one webhook delivery; defaults to a real HTTP POST. */
  deliver?: (delivery: WebhookDelivery) => unknown;
  /** Every event also goes here, signed with the sandbox secret (`POST /__sim/forward` changes it). */
  forwardTo?: string;
  /** The platform's registered OAuth redirect URIs; empty accepts any (redirect URIs are [?] settings). */
  redirectUris?: string[];
  /**
   * Whether a token minted under one account is refused under another (true, the default). Whether real
   * SPTs can be redeemed with Stripe-Account is undocumented.
   */
  sptAccountScoping?: boolean;
  /** The API version in events and response headers; the SDK's pinned version by default. */
  apiVersion?: string;
}

/** The `payment_intent.*` event that announces each status. */
const EVENT_OF_STATUS: Record<string, string> = {
  succeeded: 'succeeded',
  canceled: 'canceled',
  requires_capture: 'amount_capturable_updated',
  requires_action: 'requires_action',
  processing: 'processing',
};

async function postDelivery({ url, headers, body }: WebhookDelivery) {
  await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
}

/**
 * A stateful Stripe on loopback, faithful to Stripe's API: PaymentIntents with Shared Payment Tokens,
 * refunds, Connect (accounts, account links, OAuth), webhook endpoints with signed deliveries, and
 * idempotent POSTs. The official SDK works against it when given its host, port and protocol.
 */
export function createStripeSimulator(opts: StripeSimulatorOptions = {}) {
  const apiVersion = opts.apiVersion ?? Stripe.API_VERSION;
  const sim = createSimulator({
    name: 'stripe',
    credentials: {
      secretKey: STRIPE_SANDBOX_SECRET_KEY,
      publishableKey: STRIPE_SANDBOX_PUBLISHABLE_KEY,
      platformSecretKey: STRIPE_SANDBOX_PLATFORM_SECRET_KEY,
      clientId: STRIPE_SANDBOX_CLIENT_ID,
      webhookSecret: STRIPE_SANDBOX_WEBHOOK_SECRET,
      ...planPriceIds(),
    },
    downBody: {
      error: {
        type: 'api_error',
        message: 'Stripe is temporarily unavailable. Please try again later.',
      },
    },
    state: opts.state,
  });
  const { app } = sim;
  const now = opts.now ?? Date.now;
  const kept = sim.keep('accounts', () => ({
    accounts: new Map<string, AccountRecord>(),
    secretKeys: new Map([
      [STRIPE_SANDBOX_SECRET_KEY, STRIPE_SANDBOX_ACCOUNT_ID],
      [STRIPE_SANDBOX_PLATFORM_SECRET_KEY, STRIPE_SANDBOX_PLATFORM_ACCOUNT_ID],
    ]),
    publishableKeys: new Map([[STRIPE_SANDBOX_PUBLISHABLE_KEY, STRIPE_SANDBOX_ACCOUNT_ID]]),
    clients: new Map([[STRIPE_SANDBOX_CLIENT_ID, STRIPE_SANDBOX_PLATFORM_ACCOUNT_ID]]),
  }));
  const { accounts } = kept;
  const state: StripeSimState = {
    now,
    nowSeconds: () => Math.floor(now() / 1000),
    ...kept,
    baseUrl: () =>
      opts.publicBaseUrl?.() ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    accountOfKey: (key) => state.secretKeys.get(key),
    isPublishableKey: (key) => state.publishableKeys.has(key),
    canActFor: (accountId, target) => accountId === target || accounts.get(target)?.platform === accountId,
  };
  // Created once: after a restart the saved accounts (and whatever changed on them) are kept.
  const ownAccount = (id: string, businessName: string, email: string) => {
    if (accounts.has(id)) return;
    accounts.set(id, {
      account: newAccount({
        id,
        type: 'standard',
        created: state.nowSeconds(),
        country: 'GB',
        email,
        businessName,
        onboarded: true,
        controlledByPlatform: false,
      }),
      platform: null,
    });
  };
  ownAccount(
    STRIPE_SANDBOX_ACCOUNT_ID,
    opts.accountName ?? 'Sandbox Outfitters',
    'owner@sandbox-outfitters.test',
  );
  ownAccount(STRIPE_SANDBOX_PLATFORM_ACCOUNT_ID, 'AgentCart (sandbox platform)', 'platform@agentcart.test');
  // The sandbox merchant's account is also connected to the platform (as a Standard account is after
  // OAuth), so the platform can read its products for the public storefront and take application fees.
  accounts.get(STRIPE_SANDBOX_ACCOUNT_ID)!.platform = STRIPE_SANDBOX_PLATFORM_ACCOUNT_ID;

  const router = createStripeRouter(app, state, {
    now,
    apiVersion,
    idempotency: sim.keep('idempotency', () => new Map<string, IdempotencyEntry>()),
  });
  const base = { app, sim, router, state, expander: createExpander() };
  const events = createEventBus(base, {
    apiVersion,
    forwardSecret: STRIPE_SANDBOX_WEBHOOK_SECRET,
    forwardTo: opts.forwardTo ?? null,
    deliver: opts.deliver ?? postDelivery,
  });
  const ctx = { ...base, events };
  const ledger = registerBalance(ctx);
  const connect = registerConnect(ctx, { redirectUris: opts.redirectUris ?? [] });
  const payments = registerPayments(ctx, {
    sptAccountScoping: opts.sptAccountScoping ?? true,
    ledger,
    isDirectCharge: connect.isDirectCharge,
  });
  const refunds = registerRefunds(ctx, {
    payments,
    ledger,
    defaultAccount: STRIPE_SANDBOX_ACCOUNT_ID,
    isDirectCharge: connect.isDirectCharge,
  });
  payments.showRefundsWith(refunds.refundList);
  registerDisputes(ctx, { payments });
  registerDashboardPage(ctx.app, ctx.state, {
    intentsOwnedBy: payments.intentsOwnedBy,
    refundsOwnedBy: refunds.refundsOwnedBy,
  });
  // Billing needs the catalogue and the catalogue needs billing's test clocks: bound once both exist.
  const late: { billing?: Billing } = {};
  const catalog = registerCatalog(ctx, {
    attachMethod: (owner, paymentMethod, customer) => {
      const card = testCardFor(paymentMethod);
      const method = card
        ? payments.saveMethod(owner, card, customer)
        : payments.methodOf(paymentMethod, owner);
      if (!method) throw resourceMissing('PaymentMethod', paymentMethod, 'payment_method', 400);
      method.customer = customer;
      return method.id;
    },
    clockTime: (clock, account) => late.billing!.clockTime(clock, account),
  });
  const customerNow = (customer: Customer) => late.billing!.customerNow(customer);
  const meters = registerMeters(ctx, {
    customerNow: (id, account) => {
      const customer = catalog.findCustomer(id, account);
      return customer ? customerNow(customer) : null;
    },
  });
  const invoices = registerInvoices(ctx, { catalog, payments, customerNow });
  const billing = registerBilling(ctx, { catalog, invoices, meters });
  late.billing = billing;
  registerCheckout(ctx, { catalog, payments, billing, invoices });
  registerPortal(ctx, { catalog, billing, invoices, payments });
  registerHostedInvoice(ctx, { catalog, invoices, payments });
  seedPlatformPlans(STRIPE_SANDBOX_PLATFORM_ACCOUNT_ID, catalog, meters);
  seedDemoStore(STRIPE_SANDBOX_ACCOUNT_ID, catalog);

  /**
   * The signed event Stripe would send about a PaymentIntent now (type from its status), as
   * `{headers, rawBody}`; body `{timestamp}` signs it as of an earlier time (to test the tolerance).
   */
  sim.control('payment_intents/:id/webhook', ({ id }, body) => {
    const record = payments.intentOf(id!);
    if (!record) throw resourceMissing('payment_intent', id!, 'intent');
    const intent = record.object;
    const type = EVENT_OF_STATUS[intent.status] ?? (intent.last_payment_error ? 'payment_failed' : 'created');
    const event = events.record(record.owner, `payment_intent.${type}`, intent);
    const timestamp = Number((body as { timestamp?: unknown } | undefined)?.timestamp);
    return events.signed(
      event,
      STRIPE_SANDBOX_WEBHOOK_SECRET,
      Number.isInteger(timestamp) ? timestamp : undefined,
    );
  });

  return { app, state, completeOnboarding: connect.completeOnboarding };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['api.stripe.com', 'connect.stripe.com'];

export default createStripeSimulator;
