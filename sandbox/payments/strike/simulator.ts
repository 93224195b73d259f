import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decimalToMinor, minorToDecimal } from '#common/domain/money';
import { fakeBolt11, fiatMinorToSats } from '../simulator-lightning';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { strikeWebhookSignature } from './signing';

/**
 * A stateful Strike API (v1) on loopback: invoices and their Lightning quotes behind a bearer API key,
 * webhook subscriptions signed with `X-Webhook-Signature`, and controls to pay or expire an invoice.
 * Strike has no hosted page to pay an invoice: the quote's BOLT11 is what a payer uses.
 */
export const STRIKE_SANDBOX_CREDENTIALS = {
  apiKey: 'CE1C736342D0A6B5F4F7573D4E701F8BCBAF6D014660A39145543506D78CB247',
  webhookSecret: 'X6ZzrNAnR4KN4oHMxwPZ6GRGRRHMeMM1',
};

export interface StrikeAccount {
  apiKey: string;
  /** Secret of the account's existing webhook subscription (the one the merchant copies into AgentCart). */
  webhookSecret: string;
}

export interface StrikeSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  accounts?: StrikeAccount[];
  /** Where the sandbox account's own subscription delivers, if anywhere. */
  webhookUrl?: string;
  /** Delivers webhooks; defaults to a real HTTP POST. */
  deliver?: (url: string, body: string, headers: Record<string, string>) => Promise<void>;
  /** How long a quote's BOLT11 can be paid. Strike decides this; it is not a request field. */
  quoteLifetimeSeconds?: number;
}

interface Subscription {
  id: string;
  webhookUrl: string | null;
  secret: string;
  enabled: boolean;
  eventTypes: string[];
  created: string;
}

interface Account extends StrikeAccount {
  id: string;
  subscriptions: Subscription[];
}

interface Invoice {
  invoiceId: string;
  /** The issuing account's id (the account is a record of its own, see SimulatorState). */
  accountId: string;
  amountMinor: number;
  currency: string;
  state: 'UNPAID' | 'PENDING' | 'PAID' | 'CANCELLED';
  created: string;
  correlationId: string | null;
  description: string | null;
}

const CURRENCIES = ['BTC', 'USD', 'EUR', 'USDT', 'GBP', 'AUD'];
/** What the sandbox account may invoice in (needs a simulated BTC price). */
const INVOICEABLE = ['GBP', 'EUR', 'USD'];

export function createStrikeSimulator(opts: StrikeSimulatorOptions = {}) {
  let quoteLifetimeSeconds = opts.quoteLifetimeSeconds ?? 15 * 60;
  const sim = createSimulator({
    name: 'strike',
    credentials: STRIKE_SANDBOX_CREDENTIALS,
    downBody: {
      traceId: randomUUID(),
      data: { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'Service unavailable' },
    },
    state: opts.state,
  });
  const { app } = sim;
  const { accounts, invoices } = sim.keep(
    'accounts',
    () => ({
      accounts: new Map<string, Account>(
        (opts.accounts ?? [STRIKE_SANDBOX_CREDENTIALS]).map((a, i) => [
          a.apiKey,
          {
            ...a,
            id: randomUUID(),
            subscriptions: [
              {
                id: randomUUID(),
                webhookUrl: i === 0 ? (opts.webhookUrl ?? null) : null,
                secret: a.webhookSecret,
                enabled: true,
                eventTypes: ['invoice.created', 'invoice.updated'],
                created: new Date().toISOString(),
              },
            ],
          },
        ]),
      ),
      invoices: new Map<string, Invoice>(),
    }),
    // Saved before invoices named their account by id, they held the account itself.
    (saved) => {
      let changed = false;
      for (const invoice of saved.invoices.values()) {
        const old = invoice as Invoice & { account?: Account };
        if (!old.account) continue;
        invoice.accountId = old.account.id;
        delete old.account;
        changed = true;
      }
      return changed;
    },
  );
  const deliver =
    opts.deliver ??
    (async (url: string, body: string, headers: Record<string, string>) => {
      await fetch(url, { method: 'POST', headers, body }).catch(() => undefined);
    });

  const fail = (reply: FastifyReply, status: number, code: string, message: string, extra: object = {}) =>
    reply.status(status).send({ traceId: randomUUID(), data: { status, code, message, ...extra } });

  const invoiceData = (invoice: Invoice) => ({
    invoiceId: invoice.invoiceId,
    amount: { amount: minorToDecimal(invoice.amountMinor), currency: invoice.currency },
    state: invoice.state,
    created: invoice.created,
    correlationId: invoice.correlationId,
    description: invoice.description,
    issuerId: invoice.accountId,
    receiverId: invoice.accountId,
  });

  const eventBody = (invoice: Invoice, eventType = 'invoice.updated') =>
    JSON.stringify({
      id: randomUUID(),
      eventType,
      webhookVersion: 'v1',
      data: {
        entityId: invoice.invoiceId,
        ...(eventType === 'invoice.updated' ? { changes: ['state'] } : {}),
      },
      created: new Date().toISOString(),
      deliverySuccess: false,
    });
  const signedHeaders = (secret: string, body: string) => ({
    'content-type': 'application/json',
    'x-webhook-signature': strikeWebhookSignature(secret, body),
  });
  const accountById = (id: string) => [...accounts.values()].find((account) => account.id === id);
  const notify = async (invoice: Invoice, eventType = 'invoice.updated') => {
    for (const sub of accountById(invoice.accountId)?.subscriptions ?? []) {
      if (!sub.enabled || !sub.webhookUrl || !sub.eventTypes.includes(eventType)) continue;
      const body = eventBody(invoice, eventType);
      await deliver(sub.webhookUrl, body, signedHeaders(sub.secret, body));
    }
  };
  const transition = async (id: string, state: Invoice['state']) => {
    const invoice = invoices.get(id);
    if (!invoice) return { error: 'no such invoice' };
    invoice.state = state;
    await notify(invoice);
    return { invoiceId: id, state };
  };

  const accountOf = (request: FastifyRequest) =>
    accounts.get(/^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '');

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/')) return;
    if (!accountOf(request))
      return fail(reply, 401, 'UNAUTHORIZED', 'Unauthorized: the API key is missing or invalid');
  });

  const ownInvoice = (request: FastifyRequest<{ Params: { id: string } }>) => {
    const invoice = invoices.get(request.params.id);
    return invoice && invoice.accountId === accountOf(request)?.id ? invoice : undefined;
  };
  const notFound = (reply: FastifyReply) => fail(reply, 404, 'NOT_FOUND', 'Invoice not found');

  app.post<{ Body: Record<string, unknown> | undefined }>('/v1/invoices', async (request, reply) => {
    const account = accountOf(request)!;
    const body = request.body ?? {};
    const amount = (body.amount ?? {}) as { amount?: unknown; currency?: unknown };
    const currency = typeof amount.currency === 'string' ? amount.currency.toUpperCase() : '';
    let amountMinor = 0;
    try {
      amountMinor = decimalToMinor(String(amount.amount ?? ''));
    } catch {
      amountMinor = 0;
    }
    if (amountMinor <= 0 || !CURRENCIES.includes(currency)) {
      return fail(reply, 400, 'INVALID_DATA', 'Request data is invalid', {
        validationErrors: {
          ...(amountMinor <= 0
            ? { 'amount.amount': [{ code: 'INVALID_AMOUNT', message: 'Amount must be a positive decimal' }] }
            : {}),
          ...(!CURRENCIES.includes(currency)
            ? { 'amount.currency': [{ code: 'INVALID_DATA', message: 'Unknown currency' }] }
            : {}),
        },
      });
    }
    if (!INVOICEABLE.includes(currency)) {
      return fail(reply, 422, 'INVALID_CURRENCY', `Currency ${currency} is not invoiceable for this account`);
    }
    const correlationId = typeof body.correlationId === 'string' ? body.correlationId : null;
    if (
      correlationId &&
      [...invoices.values()].some((i) => i.accountId === account.id && i.correlationId === correlationId)
    ) {
      return fail(reply, 409, 'DUPLICATE_INVOICE', 'An invoice with this correlation id already exists');
    }
    const invoice: Invoice = {
      invoiceId: randomUUID(),
      accountId: account.id,
      amountMinor,
      currency,
      state: 'UNPAID',
      created: new Date().toISOString(),
      correlationId,
      description: typeof body.description === 'string' ? body.description : null,
    };
    invoices.set(invoice.invoiceId, invoice);
    await notify(invoice, 'invoice.created');
    return reply.status(201).send(invoiceData(invoice));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/v1/invoices', async (request) => {
    const account = accountOf(request)!;
    // The one OData filter form an integration needs: `<field> eq '<value>'`.
    const filter = /^\s*(\w+)\s+eq\s+'((?:[^']|'')*)'\s*$/.exec(request.query.$filter ?? '');
    const matching = [...invoices.values()]
      .filter((i) => i.accountId === account.id)
      .map(invoiceData)
      .filter(
        (i) => !filter || String(i[filter[1] as keyof typeof i] ?? '') === filter[2]!.replace(/''/g, "'"),
      )
      .reverse();
    const skip = Number(request.query.$skip ?? 0) || 0;
    const top = Math.min(Number(request.query.$top ?? 50) || 50, 100);
    return { items: matching.slice(skip, skip + top), count: matching.length };
  });

  app.get<{ Params: { id: string } }>('/v1/invoices/:id', async (request, reply) => {
    const invoice = ownInvoice(request);
    return invoice ? invoiceData(invoice) : notFound(reply);
  });

  app.post<{ Params: { id: string } }>('/v1/invoices/:id/quote', async (request, reply) => {
    const invoice = ownInvoice(request);
    if (!invoice) return notFound(reply);
    if (invoice.state !== 'UNPAID') {
      return fail(
        reply,
        422,
        'INVALID_STATE_FOR_INVOICE',
        `Invoice is ${invoice.state} and cannot be quoted`,
      );
    }
    const sats = fiatMinorToSats(invoice.amountMinor, invoice.currency);
    const expiresAt = Date.now() + quoteLifetimeSeconds * 1000;
    return reply.status(201).send({
      quoteId: randomUUID(),
      description: invoice.description,
      lnInvoice: fakeBolt11(sats),
      expiration: new Date(expiresAt).toISOString(),
      expirationInSec: quoteLifetimeSeconds,
      targetAmount: { amount: minorToDecimal(invoice.amountMinor), currency: invoice.currency },
      sourceAmount: { amount: minorToDecimal(sats, 8), currency: 'BTC' },
      conversionRate: {
        amount: ((invoice.amountMinor / 100) * (100_000_000 / sats)).toFixed(2),
        sourceCurrency: 'BTC',
        targetCurrency: invoice.currency,
      },
    });
  });

  app.patch<{ Params: { id: string } }>('/v1/invoices/:id/cancel', async (request, reply) => {
    const invoice = ownInvoice(request);
    if (!invoice) return notFound(reply);
    if (invoice.state !== 'UNPAID') {
      return fail(
        reply,
        422,
        'INVALID_STATE_FOR_INVOICE',
        `Invoice is ${invoice.state} and cannot be cancelled`,
      );
    }
    await transition(invoice.invoiceId, 'CANCELLED');
    return invoiceData(invoice);
  });

  const subscriptionData = ({ secret: _secret, ...sub }: Subscription) => ({ ...sub, webhookVersion: 'v1' });
  app.get('/v1/subscriptions', async (request) => accountOf(request)!.subscriptions.map(subscriptionData));
  app.post<{ Body: Record<string, unknown> | undefined }>('/v1/subscriptions', async (request, reply) => {
    const body = request.body ?? {};
    const secret = typeof body.secret === 'string' ? body.secret : '';
    if (
      typeof body.webhookUrl !== 'string' ||
      !/^https:\/\//.test(body.webhookUrl) ||
      secret.length < 10 ||
      secret.length > 50
    ) {
      return fail(reply, 400, 'INVALID_DATA', 'Request data is invalid', {
        validationErrors: {
          webhookUrl: [
            { code: 'INVALID_DATA', message: 'An https URL and a 10-50 character secret are required' },
          ],
        },
      });
    }
    const sub: Subscription = {
      id: randomUUID(),
      webhookUrl: body.webhookUrl,
      secret,
      enabled: body.enabled !== false,
      eventTypes: Array.isArray(body.eventTypes) ? body.eventTypes.map(String) : ['invoice.updated'],
      created: new Date().toISOString(),
    };
    accountOf(request)!.subscriptions.push(sub);
    return reply.status(201).send(subscriptionData(sub));
  });

  sim.control('invoices/:id/pay', ({ id }) => transition(id!, 'PAID'));
  /**
   * Strike invoices do not lapse by themselves (only their quotes do): an unpaid invoice stops being
   * payable when it is cancelled, which is what this does.
   */
  sim.control('invoices/:id/expire', ({ id }) => transition(id!, 'CANCELLED'));
  /** The `invoice.updated` event the merchant's subscription would receive now (and its delivery). */
  sim.control('invoices/:id/webhook', async ({ id }) => {
    const invoice = invoices.get(id!);
    if (!invoice) return { error: 'no such invoice' };
    const body = eventBody(invoice);
    const own = accountById(invoice.accountId)!.subscriptions[0]!;
    if (own.webhookUrl) await deliver(own.webhookUrl, body, signedHeaders(own.secret, body));
    return { rawBody: body, headers: signedHeaders(own.secret, body) };
  });
  sim.control('quote-lifetime', (_params, body) => {
    const seconds = Number((body as { seconds?: unknown } | undefined)?.seconds);
    if (Number.isInteger(seconds) && seconds > 0) quoteLifetimeSeconds = seconds;
    return { quoteLifetimeSeconds };
  });

  return { app, invoices };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['api.strike.me'];

export default createStrikeSimulator;
