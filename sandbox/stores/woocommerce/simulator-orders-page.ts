import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../payments/stripe/simulator-pages';
import { orderTotal, type StoreState } from './simulator-store';

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

/** A small WordPress-admin-like page, marked as the sandbox so nobody mistakes it for a real store. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · WooCommerce sandbox</title>
<style>body{font-family:system-ui,sans-serif;background:#f0f0f1;color:#1d2327;margin:0}
main{max-width:720px;margin:2rem auto;background:#fff;border:1px solid #c3c4c7;padding:1.5rem}
.tag{display:inline-block;background:#f0e6fa;color:#4b2a6b;border-radius:4px;padding:.1rem .5rem;font-size:.8rem;font-weight:600}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.45rem .25rem;border-bottom:1px solid #dcdcde;font-size:.95rem}
td.amount,th.amount{text-align:right}.hint{color:#50575e}</style></head>
<body><main><p><span class="tag">WooCommerce sandbox</span> simulated store</p><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * `GET /__sim/stores/:name/orders`: the simulated store's own orders page, newest first. In sandbox the
 * app's "Open store" opens it (through the app's origin) where live mode opens the shop's real address.
 */
export function registerOrdersPage(app: FastifyInstance, storeNamed: (name: string) => StoreState) {
  app.get<{ Params: { name: string } }>('/__sim/stores/:name/orders', async (request, reply) => {
    reply.type('text/html; charset=utf-8');
    if (!/^[a-z0-9-]{1,63}$/.test(request.params.name)) {
      return reply.status(404).send(page('Store not found', '<p>No simulated store has this name.</p>'));
    }
    const store = storeNamed(request.params.name);
    const orders = [...store.orders.values()].sort((a, b) => b.id - a.id);
    const rows = orders
      .map(
        (o) =>
          `<tr><td>#${o.id}</td><td>${escapeHtml(o.dateCreated.toISOString().replace('T', ' ').slice(0, 16))}</td><td>${escapeHtml(o.status.replace(/-/g, ' '))}</td><td class="amount">${escapeHtml(money(orderTotal(o), o.currency))}</td></tr>`,
      )
      .join('');
    const body =
      orders.length === 0
        ? '<p class="hint">No orders yet.</p>'
        : `<table><thead><tr><th>Order</th><th>Created (UTC)</th><th>Status</th><th class="amount">Total</th></tr></thead><tbody>${rows}</tbody></table>`;
    return page(`${store.title}: orders`, body);
  });
}
