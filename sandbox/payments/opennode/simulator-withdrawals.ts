import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Simulator } from '../../simulator-kit';
import { fakeBolt11, readBolt11 } from '../simulator-lightning';
import { hashedOrder } from './signing';

/**
 * OpenNode's Withdrawals API as far as Lightning goes: the merchant's account pays a BOLT11 invoice
 * (AgentCart uses it to refund a buyer, who gives an invoice). From developers.opennode.com
 * ("Paying via Lightning", "Withdrawals Webhooks") and the opennode npm SDK:
 *
 * - `POST /v2/withdrawals` (the asynchronous one; `/v1/withdrawals` waited for the payment and is
 *   deprecated in the SDK) with `{type: 'ln', address: <payreq>, amount?, callback_url?}`. The docs name the
 *   invoice `address`; the SDK's v2 types name it `payreq` [?]: both are accepted. `amount` (sats) is only
 *   needed when the invoice has none. The docs do not list `external_id`; the SDK has `custom_id` [?]:
 *   either is kept and answered as `custom_id`.
 * - The answer is `{data}` with `id, type, amount, reference (the invoice), fee, status, processed_at`
 *   (SDK v2 type); `status` is `pending` until the Lightning payment settles. `address` is the payee
 *   node's public key in the webhook docs, so the simulator answers a made-up one there too [?].
 * - `GET /v1/withdrawal/:id` and `GET /v1/withdrawals` read them back (SDK: withdrawalInfo, listWithdrawals).
 * - On settling, a form-encoded POST to `callback_url` with `id, type, amount, reference, processed_at,
 *   address, fee, status (confirmed | failed), error (when failed), hashed_order`, where `hashed_order`
 *   is signed exactly as a charge notification's (HMAC-SHA256 of the id, keyed with the API key).
 *
 * Not documented, so chosen here and provisional [?]: every refusal's message and status (400 for a bad
 * request, 403 for a key without the Withdrawals permission), the routing fee, and whether the account
 * balance counts the fee. An API key's permissions are Read, Invoices and Withdrawals [3p]; the
 * simulator models a key without Withdrawals as a separate sandbox key.
 */

export const OPENNODE_SANDBOX_INVOICE_ONLY_API_KEY = '7a6b5c4d-3e2f-4a1b-8c9d-0e1f2a3b4c5d';

/** Sats every account starts with: large, so a withdrawal only runs short when a test says so. */
export const DEFAULT_BALANCE_SATS = 100_000_000;

/** The simulator's Lightning routing fee: 0.1% rounded up, at least 1 sat (OpenNode's real fee varies). */
const routingFee = (amountSats: number) => Math.max(1, Math.ceil(amountSats / 1000));

/** The Lightning failure reason a failed withdrawal gives when the control names none (docs' first). */
const DEFAULT_FAILURE = 'timeout';

export interface Withdrawal {
  id: string;
  type: 'ln';
  amount: number;
  fee: number;
  reference: string;
  address: string;
  status: 'pending' | 'confirmed' | 'failed';
  error: string | null;
  custom_id: string | null;
  callback_url: string | null;
  created_at: number;
  processed_at: number;
}

/** An invoice made with `POST /__sim/invoices`: the simulator knows its amount and when it lapses. */
interface KnownInvoice {
  amount_sats: number | null;
  expires_at: number | null;
}

/** What happens to the next withdrawal: settles at once (the default), or stays pending, or fails. */
const NEXT_OUTCOMES = ['confirmed', 'pending', 'failed'] as const;
type NextOutcome = (typeof NEXT_OUTCOMES)[number];

const error = (message: string) => ({ success: false, message });
/** A control refusal: Fastify answers it with this status and the message. */
const controlError = (message: string) => Object.assign(new Error(message), { statusCode: 400 });
const now = () => Math.floor(Date.now() / 1000);

export function registerWithdrawals(
  sim: Simulator,
  opts: {
    /** Keys that may create withdrawals (the charges' keys); any other accepted key is invoice-only. */
    withdrawalKeys: Set<string>;
    /** Delivers a form-encoded notification (the charges' delivery, so both behave alike). */
    deliver: (url: string, body: string) => Promise<void>;
  },
) {
  const { app } = sim;
  const { withdrawals, keyOfWithdrawal, balances, invoices, spent, next } = sim.keep('withdrawals', () => ({
    withdrawals: new Map<string, Withdrawal>(),
    keyOfWithdrawal: new Map<string, string>(),
    /** Sats per account (an account is its API key here); absent means DEFAULT_BALANCE_SATS. */
    balances: new Map<string, number>(),
    invoices: new Map<string, KnownInvoice>(),
    /** Invoices a pending or confirmed withdrawal pays: a Lightning invoice is paid only once. */
    spent: new Map<string, string>(),
    next: new Map<'outcome', NextOutcome>(),
  }));
  const balanceOf = (key: string) => balances.get(key) ?? DEFAULT_BALANCE_SATS;

  const notification = (withdrawal: Withdrawal) =>
    new URLSearchParams({
      id: withdrawal.id,
      type: withdrawal.type,
      amount: String(withdrawal.amount),
      reference: withdrawal.reference,
      processed_at: String(withdrawal.processed_at),
      address: withdrawal.address,
      fee: String(withdrawal.fee),
      status: withdrawal.status,
      ...(withdrawal.error ? { error: withdrawal.error } : {}),
      hashed_order: hashedOrder(keyOfWithdrawal.get(withdrawal.id)!, withdrawal.id),
    }).toString();

  /**
   * Moves a pending withdrawal to its outcome. A failed payment gives the account its sats back and
   * frees the invoice to be paid again. Returns the notification to send, if a callback_url was given.
   */
  const settle = (withdrawal: Withdrawal, outcome: 'confirmed' | 'failed', reason?: string) => {
    withdrawal.status = outcome;
    withdrawal.processed_at = now();
    if (outcome === 'failed') {
      withdrawal.error = reason ?? DEFAULT_FAILURE;
      const key = keyOfWithdrawal.get(withdrawal.id)!;
      balances.set(key, balanceOf(key) + withdrawal.amount + withdrawal.fee);
      spent.delete(withdrawal.reference);
    }
    return withdrawal.callback_url ? notification(withdrawal) : null;
  };

  /** Sends `body` once the answer has gone out, so the merchant knows the id before the webhook. */
  const deliverAfter = (reply: FastifyReply, url: string, body: string) => {
    reply.raw.once('close', () => void opts.deliver(url, body));
  };

  app.post<{ Body: Record<string, unknown> }>('/v2/withdrawals', async (request, reply) => {
    const key = request.headers.authorization!;
    if (!opts.withdrawalKeys.has(key))
      return reply.status(403).send(error('API key does not have the withdrawals permission'));
    const body = request.body ?? {};
    if (body.type !== 'ln') return reply.status(400).send(error("type must be 'ln'"));
    const payreq = typeof body.address === 'string' ? body.address : body.payreq;
    if (typeof payreq !== 'string' || !payreq) return reply.status(400).send(error('address is required'));
    const decoded = readBolt11(payreq.trim());
    if (!decoded) return reply.status(400).send(error('Invalid lightning payment request'));
    const reference = payreq.trim().toLowerCase();
    const known = invoices.get(reference);
    if (known?.expires_at != null && known.expires_at <= now())
      return reply.status(400).send(error('Lightning payment request has expired'));
    if (spent.has(reference)) return reply.status(400).send(error('Lightning payment request already paid'));

    let amount = decoded.amountSats;
    if (body.amount !== undefined && body.amount !== null) {
      const asked = Number(body.amount);
      if (!Number.isInteger(asked) || asked <= 0)
        return reply.status(400).send(error('amount must be a whole number of sats greater than 0'));
      if (amount !== null && asked !== amount)
        return reply
          .status(400)
          .send(error(`amount ${asked} does not match the payment request amount of ${amount} sats`));
      amount = asked;
    }
    if (amount === null)
      return reply.status(400).send(error('amount is required for a payment request without an amount'));
    const fee = routingFee(amount);
    if (balanceOf(key) < amount + fee) return reply.status(400).send(error('Insufficient balance'));

    const externalId = body.custom_id ?? body.external_id;
    const withdrawal: Withdrawal = {
      id: randomUUID(),
      type: 'ln',
      amount,
      fee,
      reference,
      address: payeeNode(reference),
      status: 'pending',
      error: null,
      custom_id: typeof externalId === 'string' ? externalId : null,
      callback_url: typeof body.callback_url === 'string' ? body.callback_url : null,
      created_at: now(),
      processed_at: now(),
    };
    withdrawals.set(withdrawal.id, withdrawal);
    keyOfWithdrawal.set(withdrawal.id, key);
    balances.set(key, balanceOf(key) - amount - fee);
    spent.set(reference, withdrawal.id);
    // The answer says `pending`, as OpenNode's asynchronous withdrawal does; by default the payment then
    // settles at once (a reader sees `confirmed` straight after), unless a control held or failed it.
    const answer = { data: { ...withdrawal } };
    const outcome = next.get('outcome') ?? 'confirmed';
    next.delete('outcome');
    if (outcome !== 'pending') {
      const notice = settle(withdrawal, outcome);
      if (notice) deliverAfter(reply, withdrawal.callback_url!, notice);
    }
    return reply.status(200).send(answer);
  });

  const readable = (id: string, key: string | undefined) => {
    const withdrawal = withdrawals.get(id);
    return withdrawal && keyOfWithdrawal.get(id) === key ? withdrawal : null;
  };
  app.get<{ Params: { id: string } }>('/v1/withdrawal/:id', async (request, reply) => {
    const withdrawal = readable(request.params.id, request.headers.authorization);
    return withdrawal ? { data: withdrawal } : reply.status(404).send(error('Withdrawal not found'));
  });
  app.get('/v1/withdrawals', async (request) => ({
    data: [...withdrawals.values()].filter(
      (w) => keyOfWithdrawal.get(w.id) === request.headers.authorization,
    ),
  }));
  // The account's balance in sats (BTC) [?: OpenNode answers BTC in sats, as far as its docs show].
  app.get('/v1/account/balance', async (request) => ({
    data: { balance: { BTC: balanceOf(request.headers.authorization!), GBP: 0 } },
  }));

  /**
   * A BOLT11 invoice the simulator will recognise, as a buyer's wallet would make one: body
   * `{amount_sats, expires_in_seconds?}` (0 or no amount: an invoice without an amount; default expiry
   * 3600 s, BOLT11's default; a negative one makes an invoice that has already lapsed). Answers `{payreq, amount_sats, expires_at}`.
   */
  sim.control('invoices', (_params, raw) => {
    const body = (raw ?? {}) as { amount_sats?: unknown; expires_in_seconds?: unknown };
    const amountSats = Number(body.amount_sats ?? 0);
    if (!Number.isInteger(amountSats) || amountSats < 0)
      throw controlError('amount_sats must be a whole number of sats, 0 or more');
    const expiresIn = Number(body.expires_in_seconds ?? 3600);
    if (!Number.isFinite(expiresIn)) throw controlError('expires_in_seconds must be a number');
    const payreq = fakeBolt11(amountSats);
    const expiresAt = now() + Math.floor(expiresIn);
    invoices.set(payreq, { amount_sats: amountSats || null, expires_at: expiresAt });
    return { payreq, amount_sats: amountSats || null, expires_at: expiresAt };
  });

  /** Sets an account's balance in sats: body `{sats, api_key?}` (the sandbox key when none is named). */
  sim.control('balance', (_params, raw) => {
    const body = (raw ?? {}) as { sats?: unknown; api_key?: unknown };
    const sats = Number(body.sats);
    if (!Number.isInteger(sats) || sats < 0) throw controlError('sats must be a whole number, 0 or more');
    const key = typeof body.api_key === 'string' ? body.api_key : [...opts.withdrawalKeys][0]!;
    balances.set(key, sats);
    return { api_key: key, sats };
  });

  /** What the next withdrawal does: body `{outcome: 'pending' | 'failed' | 'confirmed'}`, once. */
  sim.control('withdrawals/next', (_params, raw) => {
    const outcome = ((raw ?? {}) as { outcome?: unknown }).outcome;
    if (!NEXT_OUTCOMES.includes(outcome as NextOutcome))
      throw controlError(`outcome must be one of ${NEXT_OUTCOMES.join(', ')}`);
    next.set('outcome', outcome as NextOutcome);
    return { outcome };
  });

  /**
   * Settles a pending withdrawal as the Lightning network would: body `{outcome: 'confirmed' | 'failed',
   * error?}`; the callback is delivered before this answers. Answers the withdrawal.
   */
  sim.control('withdrawals/:id/settle', async ({ id }, raw) => {
    const body = (raw ?? {}) as { outcome?: unknown; error?: unknown };
    const withdrawal = withdrawals.get(id!);
    if (!withdrawal) throw Object.assign(controlError('no such withdrawal'), { statusCode: 404 });
    if (withdrawal.status !== 'pending') throw controlError(`withdrawal is already ${withdrawal.status}`);
    const outcome = body.outcome ?? 'confirmed';
    if (outcome !== 'confirmed' && outcome !== 'failed')
      throw controlError("outcome must be 'confirmed' or 'failed'");
    const notice = settle(withdrawal, outcome, typeof body.error === 'string' ? body.error : undefined);
    if (notice) await opts.deliver(withdrawal.callback_url!, notice);
    return withdrawal;
  });

  return { withdrawals };
}

/** A made-up payee node public key (33-byte compressed, hex), the same for the same invoice. */
function payeeNode(payreq: string): string {
  return `02${createHash('sha256').update(payreq).digest('hex')}`;
}
