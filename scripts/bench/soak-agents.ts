/**
 * The soak's AI agents: each loops over the ways an agent buys (offer only; a card checkout and confirm
 * through the documented agent API; the same through ACP; Lightning through both, paying the invoice
 * through the simulator and confirming until settled), on its own merchant key, paced to stay inside the
 * per-key limits (checkout, confirm and ACP complete 30/min). Every answer is timed; a failed step ends
 * the flow, as an agent would give up and start again.
 */
import { randomUUID } from 'node:crypto';
import type { SoakWorld } from './soak-world';

const OFFER_BODY = {
  items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
  shipping_to: { country: 'GB', postcode: 'N1 9GU' },
};
const BUYER = {
  name: 'Soak Agent',
  email: 'soak@example.com',
  address: { line1: '1 Load Street', city: 'London', postcode: 'N1 9GU', country: 'GB' },
};
const ACP_SESSION = {
  currency: 'gbp',
  line_items: [{ id: 'TEST-PRODUCT-001' }],
  capabilities: {},
  buyer: { first_name: 'Soak', last_name: 'Agent', email: 'soak@example.com' },
  fulfillment_details: {
    name: 'Soak Agent',
    address: {
      name: 'Soak Agent',
      line_one: '1 Load Street',
      city: 'London',
      state: 'Greater London',
      country: 'GB',
      postal_code: 'N1 9GU',
    },
  },
};
/** One flow per agent this often at most: 20 checkouts and 20 confirms a minute, under the 30/min limits. */
const FLOW_INTERVAL_MS = 3_000;
/** A Lightning confirm is polled this often, this many times (then settlement is left to the app). */
const POLL_INTERVAL_MS = 3_000;
const MAX_POLLS = 12;
const REQUEST_TIMEOUT_MS = 30_000;
/** An offer older than this is not reused when the store cannot price a new one (offers last 15 min). */
const OFFER_REUSE_MS = 10 * 60_000;

export type FlowKind = 'offer' | 'card' | 'acp-card' | 'lightning' | 'acp-lightning';
const FLOWS: FlowKind[] = ['card', 'lightning', 'acp-card', 'offer', 'acp-lightning', 'card'];

/** Where answers are recorded: the phase that is running when each request starts. */
export interface AnswerLog {
  record(startedAt: number, ms: number, status: number): void;
}

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Waits `ms`, or less if the soak ends meanwhile. */
const pause = (ms: number, stop: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (stop.aborted || ms <= 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      stop.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    stop.addEventListener('abort', done);
  });

function agentClient(baseUrl: string, apiKey: string, log: AnswerLog) {
  return async (
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> => {
    const startedAt = Date.now();
    let status = 0;
    try {
      const res = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${apiKey}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      const text = await res.text();
      return { status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return { status: 0, body: {} };
    } finally {
      log.record(startedAt, Date.now() - startedAt, status);
    }
  };
}

/** One agent on one merchant key, until `stop` fires; `offset` staggers which flow it starts with. */
export async function runAgent(opts: {
  baseUrl: string;
  apiKey: string;
  world: SoakWorld;
  log: AnswerLog;
  stop: AbortSignal;
  offset: number;
}) {
  const { world, stop } = opts;
  const call = agentClient(opts.baseUrl, opts.apiKey, opts.log);
  const acp = (method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(method, `/acp${path}`, body, {
      'api-version': '2026-04-17',
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    });
  let lastOffer: { answer: Record<string, unknown>; at: number } | null = null;

  /** A fresh offer, or (while the store cannot price one) the last one this agent got, as agents keep them. */
  async function offer() {
    const answer = await call('POST', '/api/agent/offer', OFFER_BODY);
    if (answer.status === 200) lastOffer = { answer: answer.body, at: Date.now() };
    return lastOffer && Date.now() - lastOffer.at < OFFER_REUSE_MS ? lastOffer.answer : null;
  }

  const flows: Record<FlowKind, () => Promise<void>> = {
    offer: async () => void (await offer()),
    card: async () => {
      const o = await offer();
      if (!o) return;
      const amount = o.total as number;
      const token = await world.mintToken(amount, o.currency as string);
      const checkout = await call('POST', '/api/agent/checkout', {
        offer_id: o.offer_id,
        buyer: BUYER,
        payment: { method: 'stripe', shared_payment_token: token, amount, currency: o.currency },
      });
      if (checkout.status !== 201) return;
      await call('POST', '/api/agent/confirm', { checkout_id: checkout.body.checkout_id });
    },
    lightning: async () => {
      const o = await offer();
      if (!o) return;
      const checkout = await call('POST', '/api/agent/checkout', {
        offer_id: o.offer_id,
        buyer: BUYER,
        payment: { method: 'btc' },
      });
      const paymentUrl = (checkout.body.btc as { payment_url?: string } | undefined)?.payment_url;
      if (checkout.status !== 201 || !paymentUrl) return;
      await world.payInvoice(new URL(paymentUrl).pathname.split('/').filter(Boolean).pop()!);
      for (let poll = 0; poll < MAX_POLLS && !stop.aborted; poll += 1) {
        const confirm = await call('POST', '/api/agent/confirm', { checkout_id: checkout.body.checkout_id });
        if (confirm.body.status === 'ACCEPTED' || confirm.status === 402) return;
        await pause(POLL_INTERVAL_MS, stop);
      }
    },
    'acp-card': async () => {
      const session = await acp('POST', '/checkout_sessions', ACP_SESSION);
      if (session.status !== 201) return;
      const totals = session.body.totals as { type: string; amount: number }[];
      const total = totals.find((t) => t.type === 'total')!.amount;
      const token = await world.mintToken(total, session.body.currency as string);
      await acp('POST', `/checkout_sessions/${session.body.id}/complete`, {
        payment_data: {
          handler_id: 'card_spt',
          instrument: { type: 'card', credential: { type: 'spt', token } },
        },
      });
    },
    'acp-lightning': async () => {
      const session = await acp('POST', '/checkout_sessions', ACP_SESSION);
      if (session.status !== 201) return;
      const handlers = (session.body.capabilities as { payment: { handlers: unknown[] } }).payment
        .handlers as { id: string; config: { invoice?: { id: string } | null } }[];
      const invoice = handlers.find((h) => h.id === 'bitcoin_lightning')?.config.invoice;
      if (!invoice) return;
      await world.payInvoice(invoice.id);
      const body = {
        payment_data: {
          handler_id: 'bitcoin_lightning',
          instrument: { type: 'lightning_invoice', credential: { type: 'invoice_id', token: invoice.id } },
        },
      };
      for (let poll = 0; poll < MAX_POLLS && !stop.aborted; poll += 1) {
        const complete = await acp('POST', `/checkout_sessions/${session.body.id}/complete`, body);
        if (complete.status === 200 || (complete.status !== 409 && complete.status !== 503)) return;
        await pause(POLL_INTERVAL_MS, stop);
      }
    },
  };

  for (let turn = opts.offset; !stop.aborted; turn += 1) {
    const started = Date.now();
    try {
      await flows[FLOWS[turn % FLOWS.length]!]();
    } catch {
      // A simulator control that failed (e.g. minting a token): the agent starts its next flow.
    }
    await pause(FLOW_INTERVAL_MS - (Date.now() - started), stop);
  }
}
