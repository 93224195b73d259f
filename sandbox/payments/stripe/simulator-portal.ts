import type { FastifyReply } from 'fastify';
import type { Billing, Subscription } from './simulator-billing';
import { cardFields, readCardForm } from './simulator-card-form';
import type { Catalog, Customer, Price } from './simulator-catalog';
import { invalidRequest, stripeId, words } from './simulator-http';
import type { Invoices } from './simulator-invoices';
import { escapeHtml, formatAmount, hiddenFields, simulatorPage } from './simulator-pages';
import type { Payments } from './simulator-payments';
import type { StripeSimContext } from './simulator-state';

interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: string | null;
  return_url: string | null;
  url: string;
}

interface PortalRecord {
  owner: string;
  session: PortalSession;
  expiresAt: number;
}

/** A portal link works for a while after it is created; the page then asks to go back and start again. */
const SESSION_LIFETIME_SECONDS = 60 * 60;

/**
 * The customer portal: `POST /v1/billing_portal/sessions` (create only, as on Stripe) and the hosted page
 * it links to, where a customer changes plan (an upgrade now with a proration invoice, a downgrade
 * scheduled for the period end), cancels at period end, replaces the card and sees invoices.
 */
export function registerPortal(
  ctx: StripeSimContext,
  deps: { catalog: Catalog; billing: Billing; invoices: Invoices; payments: Payments },
) {
  const { app, router, state, sim, events } = ctx;
  const { catalog, billing, invoices, payments } = deps;
  const { portals } = sim.keep('portal', () => ({ portals: new Map<string, PortalRecord>() }));

  router.post('/v1/billing_portal/sessions', ({ caller, params }) => {
    params.only(words('customer return_url configuration flow_data locale on_behalf_of expand'));
    const customer = catalog.customerOf(params.requiredString('customer'), caller.account, 'customer', 400);
    const returnUrl = params.string('return_url') ?? null;
    if (returnUrl !== null && !URL.canParse(returnUrl)) {
      throw invalidRequest('Not a valid URL', { code: 'url_invalid', param: 'return_url' });
    }
    if (params.has('flow_data')) {
      throw invalidRequest(
        'This simulator opens the portal on its home page only; flow_data is not supported.',
        {
          param: 'flow_data',
        },
      );
    }
    const token = stripeId('x', 32).slice(2);
    const created = state.nowSeconds();
    const session: PortalSession = {
      id: stripeId('bps'),
      object: 'billing_portal.session',
      configuration: params.string('configuration') ?? `bpc_${caller.account.slice(5)}default`,
      created,
      customer: customer.id,
      flow: null,
      livemode: false,
      locale: params.string('locale') ?? null,
      on_behalf_of: params.string('on_behalf_of') ?? null,
      return_url: returnUrl,
      url: `${state.baseUrl()}/p/session/${token}`,
    };
    portals.set(token, { owner: caller.account, session, expiresAt: created + SESSION_LIFETIME_SECONDS });
    return session;
  });

  type PortalRequest = { Params: { token: string } };
  const recordOf = (token: string, reply: FastifyReply) => {
    const record = portals.get(token);
    if (!record || record.expiresAt <= state.nowSeconds()) {
      void reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send(
          simulatorPage(
            'This link has expired',
            '<p>Go back to the business’s website and open the billing portal again.</p>',
          ),
        );
      return null;
    }
    return record;
  };

  /** The plans a customer can move to: the account's other active monthly prices in the same currency. */
  function alternatives(owner: string, sub: Subscription): Price[] {
    const current = sub.items.data[0]!.price;
    return catalog
      .activeRecurringPrices(owner)
      .filter(
        (p) =>
          p.id !== current.id &&
          p.currency === current.currency &&
          p.recurring!.interval === current.recurring!.interval &&
          p.recurring!.usage_type === 'licensed',
      )
      .sort((a, b) => a.unit_amount - b.unit_amount);
  }

  const date = (seconds: number) => invoices.formatDate(seconds);

  function subscriptionSection(token: string, owner: string, sub: Subscription): string {
    const licensed =
      sub.items.data.find((i) => i.price.recurring?.usage_type !== 'metered') ?? sub.items.data[0]!;
    const price = licensed.price;
    const name = catalog.productOf(price.product, owner).name;
    const { end } = billing.periodOf(sub);
    const schedule = sub.schedule ? billing.scheduleOf(sub.schedule, owner) : undefined;
    const nextPhase = schedule?.phases.find((p) => p.start_date >= end);
    const nextPrice = nextPhase ? catalog.priceOf(nextPhase.items[0]!.price, owner) : undefined;
    const action = `/p/session/${escapeHtml(token)}`;
    const button = (label: string, fields: Record<string, string>, kind = 'secondary') =>
      `<form method="post" action="${action}">${hiddenFields({ subscription: sub.id, ...fields })}<button class="${kind}" type="submit">${escapeHtml(label)}</button></form>`;
    const status = sub.cancel_at_period_end
      ? `Cancels on ${date(end)}`
      : nextPrice
        ? `Renews on ${date(end)}; changes to ${escapeHtml(catalog.productOf(nextPrice.product, owner).name)} then`
        : `Renews on ${date(end)}`;
    const plans =
      sub.status === 'canceled' || sub.cancel_at_period_end
        ? ''
        : alternatives(owner, sub)
            .map((p) => {
              const upgrade = p.unit_amount > price.unit_amount;
              const label = `${upgrade ? 'Upgrade' : 'Downgrade'} to ${catalog.productOf(p.product, owner).name} (${formatAmount(p.unit_amount, p.currency)} / ${p.recurring!.interval})`;
              return button(label, { action: 'change_plan', price: p.id });
            })
            .join('');
    return `<section aria-label="Current plan"><h2>Current plan</h2>
<p><strong>${escapeHtml(name)}</strong> · ${formatAmount(price.unit_amount, price.currency)} per ${price.recurring!.interval} · ${escapeHtml(sub.status)}</p><p>${status}</p>
<div class="actions">${plans}</div>
<div class="actions">${
      sub.status === 'canceled'
        ? ''
        : sub.cancel_at_period_end
          ? button('Renew plan', { action: 'renew' }, 'primary')
          : button('Cancel plan', { action: 'cancel' })
    }${nextPrice ? button('Keep current plan', { action: 'keep' }) : ''}</div></section>`;
  }

  function invoicesSection(owner: string, customer: Customer): string {
    // Drafts are the business's work in progress: the portal, like Stripe's, lists finalized invoices only.
    const list = invoices
      .invoicesOf(owner, customer.id)
      .filter((i) => i.status !== 'draft')
      .reverse();
    if (list.length === 0)
      return '<section aria-label="Invoice history"><h2>Invoice history</h2><p>No invoices yet.</p></section>';
    const rows = list
      .map(
        (i) =>
          `<tr><td>${date(i.created)}</td><td>${escapeHtml(i.number ?? i.id)}</td><td>${escapeHtml(i.status)}</td><td class="amount"><a href="/i/${escapeHtml(i.id)}">${formatAmount(i.total, i.currency)}</a></td></tr>`,
      )
      .join('');
    return `<section aria-label="Invoice history"><h2>Invoice history</h2><table><thead><tr><th>Date</th><th>Number</th><th>Status</th><th class="amount">Amount</th></tr></thead><tbody>${rows}</tbody></table></section>`;
  }

  function portalPage(
    reply: FastifyReply,
    token: string,
    record: PortalRecord,
    notice: { error?: string; done?: string } = {},
    status = 200,
  ) {
    const { owner, session } = record;
    const customer = catalog.findCustomer(session.customer, owner)!;
    const business = state.accounts.get(owner)?.account.business_profile.name ?? 'this business';
    const subs = billing
      .subscriptionsOf(owner, customer.id)
      .filter((s) => s.status !== 'incomplete_expired' && s.status !== 'canceled');
    const pm = customer.invoice_settings.default_payment_method
      ? payments.methodOf(customer.invoice_settings.default_payment_method, owner)
      : undefined;
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(
        simulatorPage(
          `${business} billing`,
          `${notice.done ? `<p role="status">${escapeHtml(notice.done)}</p>` : ''}
<p>Signed in as ${escapeHtml(customer.email ?? customer.id)}.</p>
${subs.length ? subs.map((s) => subscriptionSection(token, owner, s)).join('') : '<section aria-label="Current plan"><h2>Current plan</h2><p>No active subscription.</p></section>'}
<section aria-label="Payment method"><h2>Payment method</h2><p>${pm ? `${escapeHtml(pm.card.brand)} ending in ${escapeHtml(pm.card.last4)}, expires ${pm.card.exp_month}/${pm.card.exp_year}` : 'No card on file.'}</p>
<form method="post" action="/p/session/${escapeHtml(token)}">${hiddenFields({ action: 'update_card' })}${cardFields(notice.error ?? null)}
<div class="actions"><button class="secondary" type="submit">Update card</button></div></form></section>
${invoicesSection(owner, customer)}
${session.return_url ? `<p><a href="${escapeHtml(session.return_url)}">Return to ${escapeHtml(business)}</a></p>` : ''}`,
        ),
      );
  }

  app.get<PortalRequest>('/p/session/:token', async (request, reply) => {
    const record = recordOf(request.params.token, reply);
    return record ? portalPage(reply, request.params.token, record) : reply;
  });

  app.post<PortalRequest>('/p/session/:token', async (request, reply) => {
    const { token } = request.params;
    const record = recordOf(token, reply);
    if (!record) return reply;
    const { owner, session } = record;
    const form = (request.body ?? {}) as Record<string, unknown>;
    const field = (key: string) => (typeof form[key] === 'string' ? (form[key] as string) : '');
    const customer = catalog.findCustomer(session.customer, owner)!;
    if (field('action') === 'update_card') {
      const read = readCardForm(form, new Date(state.now()));
      if ('error' in read) return portalPage(reply, token, record, { error: read.error }, 400);
      if (read.card.decline)
        return portalPage(reply, token, record, { error: read.card.decline.message }, 402);
      // The portal sets a card up for later payments (authenticating it when the bank asks), so renewals
      // charge it off-session without another challenge.
      const method = payments.saveMethod(owner, { ...read.card, requiresAction: false }, customer.id);
      const previous = { invoice_settings: { ...customer.invoice_settings } };
      customer.invoice_settings.default_payment_method = method.id;
      events.emit(owner, 'payment_method.attached', method);
      events.emit(owner, 'customer.updated', customer, { previous });
      for (const sub of billing.subscriptionsOf(owner, customer.id)) {
        if (sub.default_payment_method) sub.default_payment_method = method.id;
      }
      return portalPage(reply, token, record, { done: 'Your card was updated.' });
    }
    const sub = billing.subscriptionsOf(owner, customer.id).find((s) => s.id === field('subscription'));
    if (!sub)
      return portalPage(reply, token, record, { error: 'That subscription is no longer available.' }, 404);
    switch (field('action')) {
      case 'change_plan': {
        const price = alternatives(owner, sub).find((p) => p.id === field('price'));
        if (!price) return portalPage(reply, token, record, { error: 'That plan is not available.' }, 400);
        const upgrade = price.unit_amount > sub.items.data[0]!.price.unit_amount;
        if (upgrade) {
          if (sub.schedule) billing.releaseSchedule(owner, sub.schedule);
          billing.changePrice(owner, sub, price);
        } else {
          billing.scheduleChange(owner, sub, price);
        }
        const name = catalog.productOf(price.product, owner).name;
        return portalPage(reply, token, record, {
          done: upgrade
            ? `Your plan is now ${name}.`
            : `Your plan changes to ${name} on ${date(billing.periodOf(sub).end)}.`,
        });
      }
      case 'cancel':
        billing.setCancelAtPeriodEnd(owner, sub, true, undefined, 'cancellation_requested');
        return portalPage(reply, token, record, {
          done: `Your plan will be canceled on ${date(billing.periodOf(sub).end)}.`,
        });
      case 'renew':
        billing.setCancelAtPeriodEnd(owner, sub, false);
        return portalPage(reply, token, record, { done: 'Your plan will renew.' });
      case 'keep':
        if (sub.schedule) billing.releaseSchedule(owner, sub.schedule);
        return portalPage(reply, token, record, { done: 'Your plan will stay as it is.' });
      default:
        return portalPage(reply, token, record, { error: 'Choose an action.' }, 400);
    }
  });
}
