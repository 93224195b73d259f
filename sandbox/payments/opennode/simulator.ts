import { randomUUID } from 'node:crypto';
import { decimalToMinor } from '#common/domain/money';
import { fakeBolt11, fakeOnchainAddress, fiatMinorToSats } from '../simulator-lightning';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';
import { hashedOrder } from './signing';
import { OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY, registerWithdrawals } from './simulator-withdrawals';

/**
 * A stateful OpenNode (v1/v2 REST) on loopback: charges, their Lightning invoices, the hosted checkout
 * page with a Pay button, signed form-encoded notifications to `callback_url`, and controls to pay,
 * expire or underpay a charge. Lightning withdrawals (paying an invoice out of the account) are in
 * simulator-withdrawals.ts.
 */
export const OPENNODE_SANDBOX_API_KEY = '3f1e2d4c-5b6a-4789-9abc-def012345678';

interface Charge {
  id: string;
  status: string;
  amount: number;
  currency: string;
  fiat_value: number;
  source_fiat_value: number;
  order_id: string | null;
  description: string | null;
  created_at: number;
  callback_url: string | null;
  success_url: string | null;
  ttl: number;
  address: string;
  hosted_checkout_url: string;
  lightning_invoice: { payreq: string; expires_at: number };
  missing_amt: number;
  auto_settle: boolean;
}

export interface OpennodeSimulatorOptions extends Pick<SimulatorOptions, 'state'> {
  /** Keys with every permission (charges and withdrawals). */
  apiKeys?: string[];
  /** Keys without the Withdrawals permission: they make charges, but a withdrawal is refused. */
  invoiceOnlyApiKeys?: string[];
  /** The simulator's own public base URL (for hosted checkout links). Filled in after listen when omitted. */
  publicBaseUrl?: () => string;
  /** Delivers notifications; defaults to a real HTTP POST. */
  deliver?: (url: string, body: string) => Promise<void>;
}

const error = (message: string) => ({ success: false, message });

export function createOpennodeSimulator(opts: OpennodeSimulatorOptions = {}) {
  const withdrawalKeys = new Set(opts.apiKeys ?? [OPENNODE_SANDBOX_API_KEY]);
  const apiKeys = new Set([
    ...withdrawalKeys,
    ...(opts.invoiceOnlyApiKeys ?? [OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY]),
  ]);
  const sim = createSimulator({
    name: 'opennode',
    credentials: { apiKey: OPENNODE_SANDBOX_API_KEY },
    downBody: error('Service temporarily unavailable'),
    state: opts.state,
  });
  const { app } = sim;
  const { charges, keyOfCharge } = sim.keep('charges', () => ({
    charges: new Map<string, Charge>(),
    keyOfCharge: new Map<string, string>(),
  }));
  const baseUrl = () =>
    opts.publicBaseUrl?.() ?? `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const deliver =
    opts.deliver ??
    (async (url: string, body: string) => {
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }).catch(() => undefined);
    });

  const now = () => Math.floor(Date.now() / 1000);
  /** Lightning invoices lapse on their own once their time is up. */
  const current = (charge: Charge) => {
    if (charge.status === 'unpaid' && charge.lightning_invoice.expires_at <= now()) charge.status = 'expired';
    return charge;
  };

  const notification = (charge: Charge) => {
    const apiKey = keyOfCharge.get(charge.id)!;
    return new URLSearchParams({
      id: charge.id,
      callback_url: charge.callback_url ?? '',
      success_url: charge.success_url ?? '',
      status: charge.status,
      order_id: charge.order_id ?? '',
      description: charge.description ?? '',
      price: String(charge.amount),
      fee: '0',
      auto_settle: String(charge.auto_settle),
      hashed_order: hashedOrder(apiKey, charge.id),
      ...(charge.status === 'underpaid' ? { missing_amt: String(charge.missing_amt) } : {}),
    }).toString();
  };

  const transition = async (id: string, status: string, patch: Partial<Charge> = {}) => {
    const charge = charges.get(id);
    if (!charge) return { error: 'no such charge' };
    Object.assign(charge, { status, ...patch });
    if (charge.callback_url) await deliver(charge.callback_url, notification(charge));
    return { id, status };
  };

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/v1/') && !request.url.startsWith('/v2/')) return;
    const key = request.headers.authorization;
    if (!key || !apiKeys.has(key)) return reply.status(401).send(error('Unauthorized: invalid API key'));
  });

  // Withdrawals also answer the account balance, which they draw on.
  registerWithdrawals(sim, { withdrawalKeys, deliver });

  app.post<{ Body: Record<string, unknown> }>('/v1/charges', async (request, reply) => {
    const body = request.body ?? {};
    const currency = typeof body.currency === 'string' ? body.currency.toUpperCase() : 'BTC';
    let amountMinor: number;
    try {
      amountMinor = currency === 'BTC' ? Number(body.amount) : decimalToMinor(String(body.amount ?? ''));
    } catch {
      return reply.status(400).send(error('amount must be a number'));
    }
    if (!Number.isFinite(amountMinor) || amountMinor <= 0)
      return reply.status(400).send(error('amount must be greater than 0'));
    if (currency !== 'BTC' && !['GBP', 'EUR', 'USD'].includes(currency)) {
      return reply.status(400).send(error(`currency ${currency} is not supported`));
    }
    const ttl = body.ttl === undefined ? 1440 : Number(body.ttl);
    if (!Number.isInteger(ttl) || ttl < 1 || ttl > 4320)
      return reply.status(400).send(error('ttl must be between 1 and 4320 minutes'));
    const sats = fiatMinorToSats(amountMinor, currency);
    if (sats > 500_000_000) return reply.status(400).send(error('amount too large for a Lightning invoice'));
    const id = randomUUID();
    const charge: Charge = {
      id,
      status: 'unpaid',
      amount: sats,
      currency,
      fiat_value: amountMinor / 100,
      source_fiat_value: amountMinor / 100,
      order_id: typeof body.order_id === 'string' ? body.order_id : null,
      description: typeof body.description === 'string' ? body.description : null,
      created_at: now(),
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
      success_url: typeof body.success_url === 'string' ? body.success_url : null,
      ttl,
      address: fakeOnchainAddress(),
      hosted_checkout_url: `${baseUrl()}/checkout/${id}`,
      lightning_invoice: { payreq: fakeBolt11(sats), expires_at: now() + ttl * 60 },
      missing_amt: 0,
      auto_settle: Boolean(body.auto_settle),
    };
    charges.set(id, charge);
    keyOfCharge.set(id, request.headers.authorization!);
    return reply.status(201).send({ data: charge });
  });

  const readCharge = (id: string, key: string | undefined) => {
    const charge = charges.get(id);
    return charge && keyOfCharge.get(id) === key ? current(charge) : null;
  };
  app.get<{ Params: { id: string } }>('/v1/charge/:id', async (request, reply) => {
    const charge = readCharge(request.params.id, request.headers.authorization);
    return charge ? { data: charge } : reply.status(404).send(error('Charge not found'));
  });
  app.get<{ Params: { id: string } }>('/v2/charge/:id', async (request, reply) => {
    const charge = readCharge(request.params.id, request.headers.authorization);
    if (!charge) return reply.status(404).send(error('Charge not found'));
    return {
      data: {
        id: charge.id,
        description: charge.description,
        price: charge.amount,
        status: charge.status,
        created_at: new Date(charge.created_at * 1000).toISOString(),
        fiat_value: charge.fiat_value,
        order_id: charge.order_id,
        address: charge.address,
        missing_amt: charge.missing_amt,
        ttl: charge.ttl,
        hosted_checkout_url: charge.hosted_checkout_url,
        lightning: {
          id: charge.id,
          status: charge.status,
          price: charge.amount,
          payreq: charge.lightning_invoice.payreq,
          expires_at: new Date(charge.lightning_invoice.expires_at * 1000).toISOString(),
        },
      },
    };
  });

  sim.control('charges/:id/pay', ({ id }) => transition(id!, 'paid'));
  sim.control('charges/:id/expire', ({ id }) => transition(id!, 'expired'));
  sim.control('charges/:id/underpay', ({ id }) => {
    const charge = charges.get(id!);
    return transition(id!, 'underpaid', { missing_amt: charge ? Math.ceil(charge.amount / 10) : 0 });
  });
  /** The notification OpenNode would send now, returned (and delivered when a callback_url is set). */
  sim.control('charges/:id/webhook', async ({ id }) => {
    const charge = charges.get(id!);
    if (!charge) return { error: 'no such charge' };
    const body = notification(current(charge));
    if (charge.callback_url) await deliver(charge.callback_url, body);
    return { contentType: 'application/x-www-form-urlencoded', rawBody: body };
  });

  // The hosted checkout page: what a shopper following payment_url sees, with a Pay button.
  app.get<{ Params: { id: string } }>('/checkout/:id', async (request, reply) => {
    const charge = charges.get(request.params.id);
    if (!charge) return reply.status(404).type('text/html').send('<h1>Invoice not found</h1>');
    current(charge);
    const paid = charge.status === 'paid';
    return reply.type('text/html; charset=utf-8')
      .send(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>OpenNode sandbox checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:520px;margin:3rem auto;padding:0 1rem;color:#0f172a}
.card{border:1px solid #e2e8f0;border-radius:16px;padding:1.5rem}code{word-break:break-all;font-size:.75rem;display:block;background:#f8fafc;padding:.75rem;border-radius:8px}
button{background:#f59e0b;border:0;border-radius:10px;padding:.75rem 1.25rem;font-weight:600;font-size:1rem;cursor:pointer}
.status{font-weight:600}</style></head><body><div class="card">
<p>OpenNode <strong>sandbox</strong> · simulated Lightning invoice</p>
<h1>${charge.amount.toLocaleString('en-GB')} sats</h1>
<p>${charge.source_fiat_value.toFixed(2)} ${charge.currency}${charge.description ? ` · ${charge.description.replace(/[<>&]/g, '')}` : ''}</p>
<p class="status">Status: ${charge.status}</p>
<code>${charge.lightning_invoice.payreq}</code>
${charge.status === 'unpaid' ? `<form method="post" action="/checkout/${charge.id}/pay"><p><button type="submit">Pay (simulated)</button></p></form>` : ''}
${paid && charge.success_url ? `<p><a href="${charge.success_url.replace(/"/g, '')}">Return to the store</a></p>` : ''}
</div></body></html>`);
  });
  app.post<{ Params: { id: string } }>('/checkout/:id/pay', async (request, reply) => {
    const charge = charges.get(request.params.id);
    if (charge && current(charge).status === 'unpaid') await transition(charge.id, 'paid');
    return reply.redirect(`/checkout/${request.params.id}`, 303);
  });

  return { app, charges };
}

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['api.opennode.com', 'dev-api.opennode.com'];

export default createOpennodeSimulator;
