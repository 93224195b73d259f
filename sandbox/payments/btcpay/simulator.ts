import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { fakeBolt11, fakeOnchainAddress, fiatMinorToSats } from '../simulator-lightning';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { btcpaySig } from './signing';

/**
 * A stateful BTCPay Server (Greenfield API v1) on loopback: stores guarded by `token` API keys, invoices
 * with their on-chain and Lightning payment methods, the checkout page `/i/<id>` with a Pay button,
 * store webhooks signed with `BTCPay-Sig`, and controls to pay, expire or underpay an invoice.
 */
export const BTCPAY_SANDBOX_CREDENTIALS = {
  /** Sandbox mode routes `*.btcpay.sandbox` to this simulator. */
  serverUrl: 'https://demo.btcpay.sandbox',
  storeId: 'Fx2uYGXUcDHJdHyENRmHZHSJYQ2AR27HBER1H1BuNYLU',
  apiKey: 'c9817875f1a53754cd775d2fe91d8211509809d4',
  webhookSecret: '7ZAWG5NEDqDMqkTMR2UAMSEPVm',
};

export interface BtcpaySimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  /** API keys and the stores each may use. Defaults to the sandbox key on the sandbox store. */
  apiKeys?: Record<string, string[]>;
  /** The simulator's own public base URL (for checkout links). Filled in after listen when omitted. */
  publicBaseUrl?: () => string;
  /** Where the sandbox store's own webhook (signed with the sandbox secret) delivers, if anywhere. */
  webhookUrl?: string;
  /** Delivers webhooks; defaults to a real HTTP POST. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
}

interface Webhook {
  id: string;
  url: string | null;
  secret: string;
  enabled: boolean;
}

interface Invoice {
  id: string;
  storeId: string;
  type: 'Standard' | 'TopUp';
  amountMinor: number;
  currency: string;
  status: 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
  additionalStatus: 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
  createdTime: number;
  expirationTime: number;
  monitoringMinutes: number;
  metadata: Record<string, unknown>;
  checkout: Record<string, unknown>;
  sats: number;
  lightning: { destination: string; paidSats: number };
  onchain: { destination: string; paidSats: number };
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const base58Id = (length: number) => Array.from(randomBytes(length), (b) => BASE58[b % 58]).join('');
const btc = (sats: number) => minorToDecimal(sats, 8);
const nowSeconds = () => Math.floor(Date.now() / 1000);
const SUPPORTED_CURRENCIES = ['GBP', 'EUR', 'USD'];

export function createBtcpaySimulator(opts: BtcpaySimulatorOptions = {}) {
  const apiKeys = new Map(
    Object.entries(
      opts.apiKeys ?? { [BTCPAY_SANDBOX_CREDENTIALS.apiKey]: [BTCPAY_SANDBOX_CREDENTIALS.storeId] },
    ).map(([key, stores]) => [key, new Set(stores)]),
  );
  const sim = createSimulator({
    name: 'btcpay',
    credentials: BTCPAY_SANDBOX_CREDENTIALS,
    downBody: { code: 'service-unavailable', message: 'BTCPay Server is starting up or unavailable' },
    state: opts.state,
  });
  const { app } = sim;
  const { webhooks, invoices } = sim.keep('stores', () => ({
    webhooks: new Map<string, Webhook[]>([
      [
        BTCPAY_SANDBOX_CREDENTIALS.storeId,
        [
          {
            id: base58Id(22),
            url: opts.webhookUrl ?? null,
            secret: BTCPAY_SANDBOX_CREDENTIALS.webhookSecret,
            enabled: true,
          },
        ],
      ],
    ]),
    invoices: new Map<string, Invoice>(),
  }));
  const baseUrl = () =>
    opts.publicBaseUrl?.() ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const deliver =
    opts.deliver ??
    (async (url: string, body: string, headers: Record<string, string>) => {
      await fetch(url, { method: 'POST', headers, body }).catch(() => undefined);
    });

  /** Unpaid invoices lapse on their own once their time is up. */
  const current = (invoice: Invoice) => {
    if (invoice.status === 'New' && invoice.expirationTime <= nowSeconds()) invoice.status = 'Expired';
    return invoice;
  };

  const invoiceData = (invoice: Invoice) => ({
    id: invoice.id,
    storeId: invoice.storeId,
    amount: minorToDecimal(invoice.amountMinor),
    currency: invoice.currency,
    type: invoice.type,
    checkoutLink: `${baseUrl()}/i/${invoice.id}`,
    createdTime: invoice.createdTime,
    expirationTime: invoice.expirationTime,
    monitoringExpiration: invoice.expirationTime + invoice.monitoringMinutes * 60,
    status: invoice.status,
    additionalStatus: invoice.additionalStatus,
    availableStatusesForManualMarking: ['Settled', 'Invalid'].filter((s) => s !== invoice.status),
    archived: false,
    metadata: invoice.metadata,
    checkout: invoice.checkout,
    receipt: { enabled: true, showQR: null, showPayments: null },
  });

  const paymentMethods = (invoice: Invoice) => {
    const paidSats = invoice.lightning.paidSats + invoice.onchain.paidSats;
    const rate = invoice.sats ? ((invoice.amountMinor / 100) * 100_000_000) / invoice.sats : 0;
    const method = (id: string, m: Invoice['lightning'], link: string) => ({
      paymentMethodId: id,
      currency: 'BTC',
      destination: m.destination,
      paymentLink: link,
      rate: rate.toFixed(2),
      paymentMethodPaid: btc(m.paidSats),
      totalPaid: btc(paidSats),
      due: btc(invoice.sats - paidSats),
      amount: btc(invoice.sats),
      paymentMethodFee: btc(0),
      payments: m.paidSats
        ? [
            {
              id: randomBytes(32).toString('hex'),
              receivedDate: nowSeconds(),
              value: btc(m.paidSats),
              fee: btc(0),
              status: 'Settled',
              destination: m.destination,
            },
          ]
        : [],
      activated: true,
      additionalData: {},
    });
    return [
      method(
        'BTC-CHAIN',
        invoice.onchain,
        `bitcoin:${invoice.onchain.destination}?amount=${btc(invoice.sats - paidSats)}`,
      ),
      method('BTC-LN', invoice.lightning, `lightning:${invoice.lightning.destination}`),
    ];
  };

  const EVENT_OF_STATUS: Record<Invoice['status'], string> = {
    New: 'InvoiceCreated',
    Processing: 'InvoiceProcessing',
    Settled: 'InvoiceSettled',
    Expired: 'InvoiceExpired',
    Invalid: 'InvoiceInvalid',
  };
  const eventBody = (invoice: Invoice, webhookId: string) =>
    JSON.stringify({
      deliveryId: base58Id(22),
      webhookId,
      originalDeliveryId: null,
      isRedelivery: false,
      type: EVENT_OF_STATUS[invoice.status],
      timestamp: nowSeconds(),
      storeId: invoice.storeId,
      invoiceId: invoice.id,
      metadata: invoice.metadata,
      ...(invoice.status === 'Expired' ? { partiallyPaid: invoice.additionalStatus === 'PaidPartial' } : {}),
      ...(invoice.status === 'Settled' ? { manuallyMarked: false, overPaid: false } : {}),
    });
  const signedHeaders = (secret: string, body: string) => ({
    'content-type': 'application/json',
    'btcpay-sig': btcpaySig(secret, body),
  });

  /** Sends the invoice's current event to every enabled store webhook with a URL. */
  const notify = async (invoice: Invoice) => {
    for (const hook of webhooks.get(invoice.storeId) ?? []) {
      if (!hook.enabled || !hook.url) continue;
      const body = eventBody(invoice, hook.id);
      await deliver(hook.url, body, signedHeaders(hook.secret, body));
    }
  };

  const transition = async (id: string, patch: Partial<Invoice>) => {
    const invoice = invoices.get(id);
    if (!invoice) return { error: 'no such invoice' };
    Object.assign(invoice, patch);
    await notify(invoice);
    return { id, status: invoice.status, additionalStatus: invoice.additionalStatus };
  };
  const pay = (id: string) => {
    const invoice = invoices.get(id);
    return transition(id, {
      status: 'Settled',
      additionalStatus: 'None',
      lightning: { destination: invoice?.lightning.destination ?? '', paidSats: invoice?.sats ?? 0 },
    });
  };

  // Greenfield auth: `Authorization: token <apiKey>`, then the key's access to the store in the path.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/v1/')) return;
    const match = /^token\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match || !apiKeys.has(match[1]!)) {
      return reply
        .status(401)
        .send({ code: 'unauthenticated', message: 'Authentication is required for accessing this endpoint' });
    }
  });
  const permitted = (
    request: FastifyRequest<{ Params: { storeId: string } }>,
    reply: FastifyReply,
    permission: string,
  ) => {
    const key = /^token\s+(\S+)$/i.exec(request.headers.authorization ?? '')![1]!;
    if (apiKeys.get(key)?.has(request.params.storeId)) return true;
    void reply.status(403).send({
      code: 'missing-permission',
      message: `Insufficient API Permissions. Please use an API key with permission "${permission}". You can create an API key in your account's settings / Api Keys.`,
      missingPermission: permission,
    });
    return false;
  };
  const notFound = (reply: FastifyReply) =>
    reply.status(404).send({ code: 'invoice-not-found', message: 'The invoice was not found' });
  const storeInvoice = (storeId: string, id: string) => {
    const invoice = invoices.get(id);
    return invoice && invoice.storeId === storeId ? current(invoice) : undefined;
  };

  app.get<{ Params: { storeId: string }; Querystring: { take?: string; skip?: string } }>(
    '/api/v1/stores/:storeId/invoices',
    async (request, reply) => {
      if (!permitted(request, reply, 'btcpay.store.canviewinvoices')) return reply;
      const skip = Number(request.query.skip ?? 0) || 0;
      const take = request.query.take === undefined ? Infinity : Number(request.query.take);
      return [...invoices.values()]
        .filter((i) => i.storeId === request.params.storeId)
        .reverse()
        .slice(skip, skip + take)
        .map((i) => invoiceData(current(i)));
    },
  );

  app.post<{ Params: { storeId: string }; Body: Record<string, unknown> | undefined }>(
    '/api/v1/stores/:storeId/invoices',
    async (request, reply) => {
      if (!permitted(request, reply, 'btcpay.store.cancreateinvoice')) return reply;
      const body = request.body ?? {};
      const checkout = (body.checkout ?? {}) as Record<string, unknown>;
      const errors: { path: string; message: string }[] = [];
      const currency =
        typeof body.currency === 'string' && body.currency ? body.currency.toUpperCase() : 'USD';
      let amountMinor = 0;
      if (body.amount !== undefined && body.amount !== null) {
        try {
          amountMinor = decimalToMinor(String(body.amount));
          if (amountMinor <= 0) errors.push({ path: 'amount', message: 'The amount should be more than 0.' });
        } catch {
          errors.push({ path: 'amount', message: 'The amount should be a decimal number.' });
        }
      }
      if (!SUPPORTED_CURRENCIES.includes(currency)) {
        errors.push({ path: 'currency', message: `Currency ${currency} has no rate on this server.` });
      }
      const expirationMinutes =
        checkout.expirationMinutes === undefined ? 15 : Number(checkout.expirationMinutes);
      if (!Number.isFinite(expirationMinutes) || expirationMinutes <= 0) {
        errors.push({
          path: 'checkout.expirationMinutes',
          message: 'Expiration time must be strictly positive',
        });
      }
      if (errors.length) return reply.status(400).send(errors);
      const sats = fiatMinorToSats(amountMinor, currency);
      const createdTime = nowSeconds();
      const invoice: Invoice = {
        id: base58Id(22),
        storeId: request.params.storeId,
        type: body.amount === undefined || body.amount === null ? 'TopUp' : 'Standard',
        amountMinor,
        currency,
        status: 'New',
        additionalStatus: 'None',
        createdTime,
        expirationTime: createdTime + Math.round(expirationMinutes * 60),
        monitoringMinutes: Number(checkout.monitoringMinutes ?? 1440),
        metadata: (body.metadata ?? {}) as Record<string, unknown>,
        checkout: {
          speedPolicy: 'MediumSpeed',
          paymentMethods: ['BTC-CHAIN', 'BTC-LN'],
          defaultPaymentMethod: null,
          expirationMinutes,
          monitoringMinutes: Number(checkout.monitoringMinutes ?? 1440),
          paymentTolerance: 0,
          redirectURL: checkout.redirectURL ?? null,
          redirectAutomatically: false,
          defaultLanguage: null,
          lazyPaymentMethods: Boolean(checkout.lazyPaymentMethods),
        },
        sats,
        lightning: { destination: fakeBolt11(sats), paidSats: 0 },
        onchain: { destination: fakeOnchainAddress(), paidSats: 0 },
      };
      invoices.set(invoice.id, invoice);
      await notify(invoice);
      return invoiceData(invoice);
    },
  );

  app.get<{ Params: { storeId: string; id: string } }>(
    '/api/v1/stores/:storeId/invoices/:id',
    async (request, reply) => {
      if (!permitted(request, reply, 'btcpay.store.canviewinvoices')) return reply;
      const invoice = storeInvoice(request.params.storeId, request.params.id);
      return invoice ? invoiceData(invoice) : notFound(reply);
    },
  );

  app.get<{ Params: { storeId: string; id: string } }>(
    '/api/v1/stores/:storeId/invoices/:id/payment-methods',
    async (request, reply) => {
      if (!permitted(request, reply, 'btcpay.store.canviewinvoices')) return reply;
      const invoice = storeInvoice(request.params.storeId, request.params.id);
      return invoice ? paymentMethods(invoice) : notFound(reply);
    },
  );

  const webhookData = (hook: Webhook) => ({
    id: hook.id,
    url: hook.url,
    enabled: hook.enabled,
    automaticRedelivery: true,
    authorizedEvents: { everything: true, specificEvents: [] },
  });
  app.get<{ Params: { storeId: string } }>('/api/v1/stores/:storeId/webhooks', async (request, reply) => {
    if (!permitted(request, reply, 'btcpay.store.webhooks.canmodifywebhooks')) return reply;
    return (webhooks.get(request.params.storeId) ?? []).map(webhookData);
  });
  app.post<{ Params: { storeId: string }; Body: Record<string, unknown> | undefined }>(
    '/api/v1/stores/:storeId/webhooks',
    async (request, reply) => {
      if (!permitted(request, reply, 'btcpay.store.webhooks.canmodifywebhooks')) return reply;
      const url = request.body?.url;
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) {
        return reply.status(400).send([{ path: 'url', message: 'Url is missing or invalid' }]);
      }
      const secret =
        typeof request.body?.secret === 'string' && request.body.secret ? request.body.secret : base58Id(26);
      const hook: Webhook = { id: base58Id(22), url, secret, enabled: request.body?.enabled !== false };
      webhooks.set(request.params.storeId, [...(webhooks.get(request.params.storeId) ?? []), hook]);
      // The secret is only ever shown in the create answer.
      return { ...webhookData(hook), secret };
    },
  );

  sim.control('invoices/:id/pay', ({ id }) => pay(id!));
  sim.control('invoices/:id/expire', ({ id }) =>
    transition(id!, { status: 'Expired', additionalStatus: 'None' }),
  );
  /** A partial on-chain payment, then expiry: BTCPay's Expired + PaidPartial. */
  sim.control('invoices/:id/underpay', ({ id }) => {
    const invoice = invoices.get(id!);
    return transition(id!, {
      status: 'Expired',
      additionalStatus: 'PaidPartial',
      onchain: {
        destination: invoice?.onchain.destination ?? '',
        paidSats: Math.floor(((invoice?.sats ?? 0) * 9) / 10),
      },
    });
  });
  /** The event the store's own webhook would receive now, signed with the sandbox secret (and delivered). */
  sim.control('invoices/:id/webhook', async ({ id }) => {
    const invoice = invoices.get(id!);
    if (!invoice) return { error: 'no such invoice' };
    const hook = webhooks.get(invoice.storeId)?.[0];
    const secret = hook?.secret ?? BTCPAY_SANDBOX_CREDENTIALS.webhookSecret;
    const body = eventBody(current(invoice), hook?.id ?? base58Id(22));
    if (hook?.url) await deliver(hook.url, body, signedHeaders(secret, body));
    return { rawBody: body, headers: signedHeaders(secret, body) };
  });

  // The checkout page a shopper following checkoutLink sees, with a Pay button.
  app.get<{ Params: { id: string } }>('/i/:id', async (request, reply) => {
    const invoice = invoices.get(request.params.id);
    if (!invoice) return reply.status(404).type('text/html').send('<h1>Invoice not found</h1>');
    current(invoice);
    const redirect = invoice.status === 'Settled' ? invoice.checkout.redirectURL : null;
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>BTCPay Server sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:480px;margin:3rem auto;padding:0 1rem;color:#111827}
section{border-top:4px solid #51b13e;padding:1rem 0}code{word-break:break-all;font-size:.75rem}
button{background:#51b13e;color:#fff;border:0;border-radius:6px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}</style>
</head><body><section><p>BTCPay Server <strong>sandbox</strong> · invoice ${invoice.id}</p>
<h1>${btc(invoice.sats)} BTC</h1><p>${minorToDecimal(invoice.amountMinor)} ${invoice.currency}</p>
<p>Status: <strong>${invoice.status}</strong></p><p>Lightning: <code>${invoice.lightning.destination}</code></p>
${invoice.status === 'New' ? `<form method="post" action="/i/${invoice.id}/pay"><button type="submit">Pay (simulated)</button></form>` : ''}
${typeof redirect === 'string' ? `<p><a href="${redirect.replace(/"/g, '')}">Return to the store</a></p>` : ''}
</section></body></html>`);
  });
  app.post<{ Params: { id: string } }>('/i/:id/pay', async (request, reply) => {
    const invoice = invoices.get(request.params.id);
    if (invoice && current(invoice).status === 'New') await pay(invoice.id);
    return reply.redirect(`/i/${request.params.id}`, 303);
  });

  return { app, invoices };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['*.btcpay.sandbox'];

export default createBtcpaySimulator;
