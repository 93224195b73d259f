import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { decimalToMinor } from '#common/domain/money';
import { fakeBolt11, fakeOnchainAddress, fiatMinorToSats } from '../simulator-lightning';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { coincornerRequestSignature } from './signing';

/**
 * A stateful CoinCorner Checkout API on loopback: signed `POST /api/<Method>` calls (JSON or form bodies,
 * nonce enforced per key), the hosted checkout page `/Checkout/<invoiceId>` with a Pay button, unsigned
 * JSON notifications to `NotificationURL`, and controls to pay or expire an order.
 */
export const COINCORNER_SANDBOX_CREDENTIALS = {
  apiKey: 'c0c0a7e1-4b2d-4e8f-9a31-5d6e7f8a9b0c',
  apiSecret: 'f3a9c1d27b4e8f60a5b1c9d3e7f20486',
  userId: '104857',
};

export interface CoincornerAccount {
  apiKey: string;
  apiSecret: string;
  userId: string;
}

export interface CoincornerSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  accounts?: CoincornerAccount[];
  /** The simulator's own public base URL (for checkout links). Filled in after listen when omitted. */
  publicBaseUrl?: () => string;
  /** Delivers notifications; defaults to a real HTTP POST. */
  deliver?: (url: string, body: string) => Promise<void>;
  /** How long an order can be paid. Unknown for the real service (no public field or setting). */
  orderLifetimeMinutes?: number;
  /**
   * Status of a refused key, signature or nonce. The real value is not documented: the official plugins
   * guard against both a non-200 status and a 200 whose body is an error string.
   */
  authFailureStatus?: number;
  /** Include the provisional `LightningInvoice` field in GetOrder (the public API shows none). */
  lightningInvoices?: boolean;
}

const STATUS_TEXT: Record<number, string> = {
  0: 'Awaiting Payment',
  1: 'Pending Confirmation',
  2: 'Complete',
  [-1]: 'Cancelled',
  [-2]: 'Expired',
  [-4]: 'Pending Refund',
  [-5]: 'Refunded',
  [-99]: 'Pending (Invoice Order)',
};

interface Order {
  orderId: string;
  invoiceId: string;
  apiKey: string;
  status: number;
  invoiceAmountMinor: number;
  invoiceCurrency: string;
  settleAmountMinor: number;
  settleCurrency: string;
  sats: number;
  paymentAddress: string;
  lightningInvoice: string;
  expiresAt: number;
  itemDescription: string | null;
  notificationUrl: string | null;
  successRedirectUrl: string | null;
  failRedirectUrl: string | null;
}

type Fields = Record<string, string | undefined>;

/** Both body encodings arrive as flat string fields, as CoinCorner's model binding sees them. */
function fieldsOf(body: unknown): Fields {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([key, value]) => [
      key,
      value === null || value === undefined ? undefined : String(value),
    ]),
  );
}

/** Converts between fiat currencies through the simulator's fixed BTC prices. */
function convertMinor(amountMinor: number, from: string, to: string): number {
  const unit = 100_000_000;
  return Math.round((amountMinor * fiatMinorToSats(unit, from)) / fiatMinorToSats(unit, to));
}

const escapeHtml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

export function createCoincornerSimulator(opts: CoincornerSimulatorOptions = {}) {
  const accounts = new Map(
    (opts.accounts ?? [COINCORNER_SANDBOX_CREDENTIALS]).map((a) => [a.apiKey.toLowerCase(), a]),
  );
  const lifetimeMs = (opts.orderLifetimeMinutes ?? 15) * 60_000;
  const authFailureStatus = opts.authFailureStatus ?? 401;
  const sim = createSimulator({
    name: 'coincorner',
    credentials: COINCORNER_SANDBOX_CREDENTIALS,
    downBody: 'Service Unavailable',
    state: opts.state,
  });
  const { app } = sim;
  const { orders, lastNonce } = sim.keep('orders', () => ({
    orders: new Map<string, Order>(),
    lastNonce: new Map<string, number>(),
  }));
  const baseUrl = () =>
    opts.publicBaseUrl?.() ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const deliver =
    opts.deliver ??
    (async (url: string, body: string) => {
      await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).catch(
        () => undefined,
      );
    });

  // The plugins post form fields; the help pages document JSON (also as text/json).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  app.addContentTypeParser('text/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch (err) {
      done(err as Error, undefined);
    }
  });

  /** Orders in an unpaid state lapse on their own once their time is up. */
  const current = (order: Order) => {
    if (order.status === 0 && order.expiresAt <= Date.now()) order.status = -2;
    return order;
  };

  const notification = (order: Order) =>
    JSON.stringify({
      OrderId: order.orderId,
      APIKey: order.apiKey,
      OrderStatus: order.status,
      OrderStatusText: STATUS_TEXT[order.status],
    });

  const transition = async (orderId: string, status: number) => {
    const order = orders.get(orderId);
    if (!order) return { error: 'no such order' };
    order.status = status;
    if (order.notificationUrl) await deliver(order.notificationUrl, notification(order));
    return { orderId, status, statusText: STATUS_TEXT[status] };
  };

  /** Answers like the real API: a JSON string, which is what the plugins read as an error message. */
  const fail = (reply: FastifyReply, status: number, message: string) =>
    reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(message));

  /** Signature and nonce checks. Accepts the C# sample's fully lowercased message and uppercase hex. */
  function authenticate(fields: Fields): { account: CoincornerAccount } | { error: string } {
    const account = accounts.get((fields.APIKey ?? '').toLowerCase());
    if (!account) return { error: 'Invalid API Key' };
    const nonce = Number(fields.Nonce);
    const given = (fields.Signature ?? '').toLowerCase();
    const accepted = Number.isSafeInteger(nonce)
      ? [account.userId, account.userId.toLowerCase()].map((userId) =>
          coincornerRequestSignature({ ...account, userId, nonce }),
        )
      : [];
    if (!accepted.includes(given)) return { error: 'Invalid Signature' };
    const key = account.apiKey.toLowerCase();
    if (nonce <= (lastNonce.get(key) ?? 0)) {
      return { error: 'Invalid Nonce: it must be greater than the last nonce used' };
    }
    lastNonce.set(key, nonce);
    return { account };
  }

  function createOrder(account: CoincornerAccount, fields: Fields): string {
    // The WooCommerce plugin still sends the older `Amount`/`Currency` names.
    const amount = fields.InvoiceAmount ?? fields.Amount ?? '';
    const invoiceCurrency = (fields.InvoiceCurrency ?? fields.Currency ?? 'GBP').toUpperCase();
    const settleCurrency = (fields.SettleCurrency ?? 'GBP').toUpperCase();
    let amountMinor: number;
    try {
      amountMinor = decimalToMinor(amount);
    } catch {
      return 'InvoiceAmount must be a number';
    }
    if (amountMinor <= 0) return 'InvoiceAmount must be greater than 0';
    if (!['GBP', 'EUR'].includes(settleCurrency)) return 'SettleCurrency must be GBP or EUR';
    if (!['GBP', 'EUR', 'USD'].includes(invoiceCurrency))
      return `InvoiceCurrency ${invoiceCurrency} is not supported`;
    const orderId = fields.OrderId?.trim();
    if (!orderId) return 'OrderId is required';
    if (orders.has(orderId)) return 'An order with this OrderId already exists';
    const sats = fiatMinorToSats(amountMinor, invoiceCurrency);
    const order: Order = {
      orderId,
      invoiceId: randomUUID(),
      apiKey: account.apiKey.toLowerCase(),
      status: 0,
      invoiceAmountMinor: amountMinor,
      invoiceCurrency,
      settleAmountMinor: convertMinor(amountMinor, invoiceCurrency, settleCurrency),
      settleCurrency,
      sats,
      paymentAddress: fakeOnchainAddress(),
      lightningInvoice: fakeBolt11(sats),
      expiresAt: Date.now() + lifetimeMs,
      itemDescription: fields.ItemDescription ?? null,
      notificationUrl: fields.NotificationURL || null,
      successRedirectUrl: fields.SuccessRedirectURL || null,
      failRedirectUrl: fields.FailRedirectURL || null,
    };
    orders.set(orderId, order);
    return `${baseUrl()}/Checkout/${order.invoiceId}`;
  }

  const ownOrder = (account: CoincornerAccount, fields: Fields) => {
    const order = orders.get(fields.OrderId ?? '');
    return order && order.apiKey === account.apiKey.toLowerCase() ? current(order) : undefined;
  };

  const methods: Record<string, (account: CoincornerAccount, fields: Fields) => unknown> = {
    createorder: (account, fields) => createOrder(account, fields),
    // Documented as the same order for in-person QR display; the checkout URL answer is assumed.
    createqrorder: (account, fields) => createOrder(account, fields),
    checkorder: (account, fields) => {
      const order = ownOrder(account, fields);
      if (!order) {
        return {
          OrderId: fields.OrderId ?? null,
          OrderStatus: null,
          OrderStatusText: 'N/A',
          Error: 'Order not found',
        };
      }
      return {
        OrderId: order.orderId,
        OrderStatus: order.status,
        OrderStatusText: STATUS_TEXT[order.status],
      };
    },
    getorder: (account, fields) => {
      const order = ownOrder(account, fields);
      if (!order) return { OrderId: fields.OrderId ?? null, Error: 'Order not found' };
      return {
        OrderId: order.orderId,
        PaymentAddress: order.paymentAddress,
        InvoiceAmount: order.invoiceAmountMinor / 100,
        InvoiceCurrency: order.invoiceCurrency,
        SettleAmount: order.settleAmountMinor / 100,
        SettleCurrency: order.settleCurrency,
        CryptoAmount: order.sats / 100_000_000,
        ExpiryDate: new Date(order.expiresAt).toISOString(),
        ...(opts.lightningInvoices === false ? {} : { LightningInvoice: order.lightningInvoice }),
      };
    },
  };

  app.post<{ Params: { method: string } }>('/api/:method', async (request, reply) => {
    // ASP.NET routes are case-insensitive.
    const handler = methods[request.params.method.toLowerCase()];
    if (!handler) {
      return reply.status(404).send({
        Message: `No HTTP resource was found that matches the request URI '${baseUrl()}${request.url}'.`,
      });
    }
    const fields = fieldsOf(request.body);
    const auth = authenticate(fields);
    if ('error' in auth) return fail(reply, authFailureStatus, auth.error);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(handler(auth.account, fields)));
  });

  sim.control('orders/:id/pay', ({ id }) => transition(id!, 2));
  sim.control('orders/:id/expire', ({ id }) => transition(id!, -2));
  /** The notification CoinCorner would send now, returned (and delivered when a NotificationURL is set). */
  sim.control('orders/:id/webhook', async ({ id }) => {
    const order = orders.get(id!);
    if (!order) return { error: 'no such order' };
    const body = notification(current(order));
    if (order.notificationUrl) await deliver(order.notificationUrl, body);
    return { contentType: 'application/json', rawBody: body };
  });

  const orderOfInvoice = (invoiceId: string) => [...orders.values()].find((o) => o.invoiceId === invoiceId);

  // The hosted checkout page a shopper following the CreateOrder URL sees, with a Pay button.
  app.get<{ Params: { invoiceId: string } }>('/Checkout/:invoiceId', async (request, reply) => {
    const order = orderOfInvoice(request.params.invoiceId);
    if (!order) return reply.status(404).type('text/html').send('<h1>Invoice not found</h1>');
    current(order);
    const text = STATUS_TEXT[order.status]!;
    const back =
      order.status === 2 ? order.successRedirectUrl : order.status < 0 ? order.failRedirectUrl : null;
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>CoinCorner sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:520px;margin:3rem auto;padding:0 1rem;color:#0f172a}
main{border:1px solid #cbd5e1;border-radius:12px;padding:1.5rem}code{word-break:break-all;font-size:.75rem}
button{background:#0ea5e9;color:#fff;border:0;border-radius:8px;padding:.75rem 1.25rem;font-size:1rem;cursor:pointer}</style>
</head><body><main><p>CoinCorner Checkout <strong>sandbox</strong></p>
<h1>${(order.invoiceAmountMinor / 100).toFixed(2)} ${order.invoiceCurrency}</h1>
<p>${(order.sats / 100_000_000).toFixed(8)} BTC${order.itemDescription ? ` · ${escapeHtml(order.itemDescription)}` : ''}</p>
<p><strong>${text}</strong></p>
<p>Bitcoin address: <code>${order.paymentAddress}</code></p>
<p>Lightning: <code>${order.lightningInvoice}</code></p>
${order.status === 0 ? `<form method="post" action="/Checkout/${order.invoiceId}/pay"><button type="submit">Pay (simulated)</button></form>` : ''}
${back ? `<p><a href="${escapeHtml(back)}">Return to the store</a></p>` : ''}
</main></body></html>`);
  });
  app.post<{ Params: { invoiceId: string } }>('/Checkout/:invoiceId/pay', async (request, reply) => {
    const order = orderOfInvoice(request.params.invoiceId);
    if (order && current(order).status === 0) await transition(order.orderId, 2);
    return reply.redirect(`/Checkout/${request.params.invoiceId}`, 303);
  });

  return { app, orders };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['checkout.coincorner.com'];

export default createCoincornerSimulator;
