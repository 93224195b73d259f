import type { FastifyInstance } from 'fastify';
import { escapeHtml, formatAmount, simulatorPage } from './simulator-pages';
import type { StripeSimState } from './simulator-state';

interface Listed {
  id: string;
  amount: number;
  currency: string;
  status: string;
  created: number;
}

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 16);

function table(caption: string, rows: Listed[], empty: string): string {
  if (rows.length === 0)
    return `<section><h2>${escapeHtml(caption)}</h2><p class="hint">${escapeHtml(empty)}</p></section>`;
  const body = rows
    .map(
      (r) =>
        `<tr><td>${escapeHtml(when(r.created))}</td><td>${escapeHtml(r.status.replace(/_/g, ' '))}</td><td class="amount">${escapeHtml(formatAmount(r.amount, r.currency))}</td></tr>`,
    )
    .join('');
  return `<section><h2>${escapeHtml(caption)}</h2><table><thead><tr><th>Created (UTC)</th><th>Status</th><th class="amount">Amount</th></tr></thead><tbody>${body}</tbody></table></section>`;
}

/**
 * `GET /__sim/accounts/:account`: the simulator's own small dashboard of one account, its payments and
 * refunds, newest first. In sandbox the app's "View in Stripe" opens this (through the app's origin)
 * where live mode opens dashboard.stripe.com.
 */
export function registerDashboardPage(
  app: FastifyInstance,
  state: Pick<StripeSimState, 'accounts'>,
  lists: { intentsOwnedBy(account: string): Listed[]; refundsOwnedBy(account: string): Listed[] },
) {
  app.get<{ Params: { account: string } }>('/__sim/accounts/:account', async (request, reply) => {
    const record = state.accounts.get(request.params.account);
    reply.type('text/html; charset=utf-8');
    if (!record) {
      return reply
        .status(404)
        .send(simulatorPage('Account not found', '<p>No account with this id is held by the simulator.</p>'));
    }
    const name =
      (record.account as { business_profile?: { name?: string | null } }).business_profile?.name ??
      'Connected account';
    return simulatorPage(
      name,
      `<p class="hint">Account <code>${escapeHtml(record.account.id)}</code></p>` +
        table('Payments', lists.intentsOwnedBy(record.account.id), 'No payments yet.') +
        table('Refunds', lists.refundsOwnedBy(record.account.id), 'No refunds yet.'),
    );
  });
}
