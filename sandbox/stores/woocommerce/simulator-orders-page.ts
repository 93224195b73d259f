import type { FastifyInstance } from 'fastify';
import { escapeHtml, formatAmount, formatUtc } from '../../simulator-html';
import {
  orderTotal,
  refundsOf,
  STATUS_LABELS,
  totalRefunded,
  type SimOrder,
  type StoreState,
} from './simulator-store';

/** A small WordPress-admin-like page, marked as the sandbox so nobody mistakes it for a real store. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)} · WooCommerce sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f0f1;color:#1d2327;margin:0}
main{max-width:760px;margin:2rem auto;background:#fff;border:1px solid #c3c4c7;padding:1.5rem}
@media (max-width:600px){main{margin:0;border:0;padding:1rem}.created{display:none}.when{display:block}}
.when{display:none;color:#50575e;font-size:.85rem}td{overflow-wrap:anywhere}
.tag{display:inline-block;background:#f0e6fa;color:#4b2a6b;border-radius:4px;padding:.1rem .5rem;font-size:.8rem;font-weight:600}
h1{font-size:1.5rem}table{width:100%;border-collapse:collapse}
td,th{text-align:left;padding:.45rem .35rem;border-bottom:1px solid #dcdcde;font-size:.95rem;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}.hint{color:#50575e}
.refund{color:#8a2424;font-size:.85rem;margin:.2rem 0 0}.status{white-space:nowrap}</style></head>
<body><main><p><span class="tag">WooCommerce sandbox</span> simulated store</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Who bought, as WooCommerce's order list names them: the billing name, else the e-mail. */
function buyerOf(order: SimOrder): string {
  const name = [order.billing.first_name, order.billing.last_name].filter(Boolean).join(' ');
  return name || order.billing.email || 'Guest';
}

function orderRow(order: SimOrder): string {
  const refunds = refundsOf(order)
    .map(
      (r) =>
        `<p class="refund">Refunded ${escapeHtml(formatAmount(r.amountMinor, order.currency))} on ${escapeHtml(formatUtc(r.dateCreated))}${r.reason ? ` · ${escapeHtml(r.reason)}` : ''}</p>`,
    )
    .join('');
  const refunded = totalRefunded(order);
  const total = formatAmount(orderTotal(order), order.currency);
  const net =
    refunded > 0
      ? `<br><span class="hint">Net ${escapeHtml(formatAmount(orderTotal(order) - refunded, order.currency))}</span>`
      : '';
  return `<tr><td>#${order.id} ${escapeHtml(buyerOf(order))}<span class="when">${escapeHtml(formatUtc(order.dateCreated))} UTC</span>${refunds}</td><td class="created">${escapeHtml(formatUtc(order.dateCreated))}</td><td class="status">${escapeHtml(STATUS_LABELS[order.status] ?? order.status)}</td><td class="amount">${escapeHtml(total)}${net}</td></tr>`;
}

/**
 * `GET /__sim/stores/:name/orders`: the simulated store's own orders page, newest first, each with the
 * refunds it holds. In sandbox the app's "Open store" opens it (through the app's origin) where live mode
 * opens the shop's real address.
 */
export function registerOrdersPage(app: FastifyInstance, storeNamed: (name: string) => StoreState) {
  app.get<{ Params: { name: string } }>('/__sim/stores/:name/orders', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    if (!/^[a-z0-9-]{1,63}$/.test(request.params.name)) {
      return reply.status(404).send(page('Store not found', '<p>No simulated store has this name.</p>'));
    }
    const store = storeNamed(request.params.name);
    const orders = [...store.orders.values()].sort((a, b) => b.id - a.id);
    const body =
      orders.length === 0
        ? '<p class="hint">No orders yet.</p>'
        : `<table><thead><tr><th>Order</th><th class="created">Created (UTC)</th><th>Status</th><th class="amount">Total</th></tr></thead><tbody>${orders.map(orderRow).join('')}</tbody></table>`;
    return page(`${store.title}: orders`, body);
  });
}
