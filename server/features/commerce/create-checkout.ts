import { and, eq, sql, type ColumnsSelection } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import {
  checkouts,
  offers,
  payments,
  type Buyer,
  type Checkout,
  type Merchant,
  type Payment,
} from '../../db/schema/index';
import { placeholders, preparedQuery } from '../../db/prepared-query';
import { ProviderError } from '../../integrations/http';
import { seal } from '../../lib/crypto';
import { publicId } from '../../lib/ids';
import { CommerceError } from './commerce-error';
import {
  merchantCardAccount,
  merchantLightningAccount,
  type CardAccount,
  type CommerceDeps,
} from './merchant-accounts';

/** A card checkout waits this long for its confirm; the agent's token is only held that long. */
export const CARD_CHECKOUT_TTL_MS = 30 * 60 * 1000;

export interface CheckoutInput {
  offerId: string;
  shippingOptionId: string | undefined;
  buyer: Buyer;
  payment:
    | {
        method: 'stripe';
        sharedPaymentToken: string;
        amount?: number;
        currency?: string;
        /** The merchant's card account, when the caller has loaded it already (it is not loaded again). */
        card?: CardAccount;
      }
    | { method: 'btc'; amount?: number; currency?: string };
  /** Where the provider should notify us about a Lightning invoice. */
  callbackUrl: (provider: string) => string | undefined;
}

const offerOfMerchant = preparedQuery((db) =>
  db
    .select()
    .from(offers)
    .where(and(eq(offers.id, sql.placeholder('id')), eq(offers.merchantId, sql.placeholder('merchantId')))),
);

/**
 * Turns a valid offer into a checkout. Card: the token is sealed and kept until the confirm charges it
 * (status PENDING). Bitcoin: a Lightning invoice is created on the merchant's provider at once, expiring
 * no later than the checkout (status PENDING_PAYMENT). A payment row is written either way.
 */
export async function createCheckout(
  deps: CommerceDeps,
  merchant: Merchant,
  input: CheckoutInput,
): Promise<{ checkout: Checkout; payment: Payment }> {
  const now = deps.clock.now();
  const [offer] = await offerOfMerchant(deps.db).execute({ id: input.offerId, merchantId: merchant.id });
  if (!offer) throw new CommerceError('invalid_checkout', 'Unknown offer', { offer_id: input.offerId });
  if (offer.expiresAt <= now)
    throw new CommerceError('invalid_checkout', 'This offer has expired; request a new one', {
      offer_id: offer.id,
    });

  const shippingOption = input.shippingOptionId
    ? offer.shippingOptions.find((o) => o.id === input.shippingOptionId)
    : offer.shippingOptions[0];
  if (!shippingOption) {
    throw new CommerceError('invalid_request', 'Unknown shipping option', {
      shipping_option_id: input.shippingOptionId,
      available: offer.shippingOptions.map((o) => o.id),
    });
  }
  const amountMinor = offer.subtotalMinor + shippingOption.priceMinor;
  if (input.payment.amount !== undefined && input.payment.amount !== amountMinor) {
    throw new CommerceError(
      'invalid_request',
      `payment.amount must be ${amountMinor}, the offer total with shipping`,
      {
        expected_amount: amountMinor,
      },
    );
  }
  if (input.payment.currency && input.payment.currency.toUpperCase() !== offer.currency) {
    throw new CommerceError('invalid_request', `payment.currency must be ${offer.currency}`, {
      expected_currency: offer.currency,
    });
  }

  const id = publicId('chk');
  // The checkout takes its test flag from the offer by trigger (ADR 043); its payment, written by the
  // same statement, cannot see that row, so it is given the flag here.
  const paymentBase = { checkoutId: id, merchantId: merchant.id, test: offer.test };
  const base = {
    id,
    merchantId: merchant.id,
    offerId: offer.id,
    items: offer.items,
    shippingOption,
    buyer: input.buyer,
    amountMinor,
    currency: offer.currency,
    createdAt: now,
    updatedAt: now,
  };

  if (input.payment.method === 'stripe') {
    // A merchant without a card account gets no card checkout (not_configured).
    if (!input.payment.card) await merchantCardAccount(deps, merchant);
    return insertCheckout(
      deps,
      {
        ...base,
        status: 'PENDING',
        method: 'stripe',
        provider: 'stripe',
        paymentTokenSealed: seal(deps.keyring, input.payment.sharedPaymentToken),
        expiresAt: new Date(now.getTime() + CARD_CHECKOUT_TTL_MS),
      },
      {
        ...paymentBase,
        method: 'stripe_spt',
        provider: 'stripe',
        status: 'pending',
        amountMinor,
        currency: offer.currency,
        providerInvoiceId: null,
        providerPayload: {},
      },
    );
  }

  const lightning = await merchantLightningAccount(deps, merchant);
  let invoice;
  try {
    invoice = await lightning.provider.createInvoice(lightning.ctx, {
      amountMinor,
      currency: offer.currency,
      orderRef: id,
      description: `${merchant.name} order ${id}`,
      expiresInMinutes: lightning.expiryMinutes,
      callbackUrl: input.callbackUrl(lightning.providerId),
    });
  } catch (err) {
    if (err instanceof ProviderError) {
      throw new CommerceError(
        'provider_unavailable',
        `The Bitcoin provider could not create an invoice: ${err.message}`,
      );
    }
    throw err;
  }
  const invoiceExpiry =
    invoice.lightning?.expiresAt ?? new Date(now.getTime() + lightning.expiryMinutes * 60_000);
  return insertCheckout(
    deps,
    {
      ...base,
      status: 'PENDING_PAYMENT',
      method: 'btc',
      provider: lightning.providerId,
      paymentTokenSealed: null,
      expiresAt: invoiceExpiry,
    },
    {
      ...paymentBase,
      method: `btc_${lightning.providerId}`,
      provider: lightning.providerId,
      status: invoice.status,
      amountMinor,
      currency: offer.currency,
      providerInvoiceId: invoice.id,
      providerPayload: {
        payment_request: invoice.lightning?.paymentRequest ?? null,
        payment_url: invoice.lightning?.paymentUrl ?? null,
        onchain_address: invoice.lightning?.onchainAddress ?? null,
        amount_sats: invoice.lightning?.amountSats ?? null,
        expires_at: invoiceExpiry.toISOString(),
        raw: invoice.raw as Record<string, unknown>,
      },
    },
  );
}

/** The columns a checkout and its payment are created with: every method gives each a value (null included). */
const CHECKOUT_COLUMNS = [
  'id',
  'merchantId',
  'offerId',
  'items',
  'shippingOption',
  'buyer',
  'amountMinor',
  'currency',
  'status',
  'method',
  'provider',
  'paymentTokenSealed',
  'expiresAt',
  'createdAt',
  'updatedAt',
] as const satisfies readonly (keyof typeof checkouts.$inferInsert)[];
const PAYMENT_COLUMNS = [
  'checkoutId',
  'merchantId',
  'test',
  'method',
  'provider',
  'status',
  'amountMinor',
  'currency',
  'providerInvoiceId',
  'providerPayload',
] as const satisfies readonly (keyof typeof payments.$inferInsert)[];
// A value outside these lists would not be written: a new column is added to the list and the type.
type NewCheckout = Required<Pick<typeof checkouts.$inferInsert, (typeof CHECKOUT_COLUMNS)[number]>>;
type NewPayment = Required<Pick<typeof payments.$inferInsert, (typeof PAYMENT_COLUMNS)[number]>>;

function prefixed(row: Record<string, unknown>, columns: readonly string[], prefix: string) {
  return Object.fromEntries(columns.map((column) => [prefix + column, row[column]]));
}

const insertCheckoutStatement = preparedQuery((db) => {
  const created = db
    .$with('created')
    .as(db.insert(checkouts).values(placeholders<NewCheckout>(CHECKOUT_COLUMNS, 'c_')).returning());
  const paid = db
    .$with('paid')
    .as(db.insert(payments).values(placeholders<NewPayment>(PAYMENT_COLUMNS, 'p_')).returning());
  return db
    .with(created, paid)
    .select({ checkout: fieldsOf(created), payment: fieldsOf(paid) })
    .from(created)
    .crossJoin(paid);
});

/** Writes a checkout and its payment row together, in one statement (so both or neither). */
async function insertCheckout(
  deps: CommerceDeps,
  checkout: NewCheckout,
  payment: NewPayment,
): Promise<{ checkout: Checkout; payment: Payment }> {
  const [row] = await insertCheckoutStatement(deps.db).execute({
    ...prefixed(checkout, CHECKOUT_COLUMNS, 'c_'),
    ...prefixed(payment, PAYMENT_COLUMNS, 'p_'),
  });
  return row!;
}

/** Every column a CTE returns, as a nested selection (Drizzle selects a CTE whole only at the top). */
function fieldsOf<S extends ColumnsSelection>(cte: WithSubqueryWithSelection<S, string>): S {
  const fields = cte as unknown as Record<string, unknown>;
  return Object.fromEntries(Object.keys(cte._.selectedFields).map((key) => [key, fields[key]])) as S;
}
