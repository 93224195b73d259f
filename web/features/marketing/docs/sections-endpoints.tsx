import { CURRENCIES } from '#common/domain/currencies';
import { shippingQuotes } from '#common/domain/shipping';
import { formatMoney } from '#web/lib/money';
import {
  ALREADY_PROCESSED_RESPONSE,
  CARD_CHECKOUT_REQUEST,
  CARD_CHECKOUT_RESPONSE,
  CONFIRM_REQUEST,
  CONFIRM_RESPONSE,
  MINT_TOKEN,
  MINT_TOKEN_RESPONSE,
  OFFER_REQUEST,
  OFFER_REQUEST_ALT,
  OFFER_RESPONSE,
  ORDER_REQUEST,
  ORDER_RESPONSE,
} from './agent-examples';
import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, Endpoint, H4, List, Note, P, RefTable } from './doc-blocks';

const FIELD_COLUMNS = [{ label: 'Field', mono: true }, { label: 'Type' }, { label: 'Description' }];
/** Every POST takes its idempotency key in the body too (#idempotency). */
const IDEMPOTENCY_KEY_ROW = [
  'idempotency_key',
  'string, optional',
  <>
    The same as an <C>Idempotency-Key</C> header, for clients that cannot set one (
    <a href="#idempotency" className="text-blue-700 underline">
      idempotent retries
    </a>
    ).
  </>,
];

function ShippingTable() {
  const rows = CURRENCIES.map((currency) => {
    const [standard, express] = shippingQuotes(currency, true);
    const [intlStandard, intlExpress] = shippingQuotes(currency, false);
    const price = (q: typeof standard) =>
      `${formatMoney(q!.priceMinor, currency, { display: 'none' })} (${q!.eta})`;
    return [currency, price(standard), price(express), price(intlStandard), price(intlExpress)];
  });
  return (
    <RefTable
      caption="Shipping option prices by currency and destination"
      columns={[
        { label: 'Currency', mono: true },
        { label: 'standard, domestic' },
        { label: 'express, domestic' },
        { label: 'standard, international' },
        { label: 'express, international' },
      ]}
      rows={rows}
    />
  );
}

export function EndpointDocs() {
  return (
    <DocGroup
      id="endpoints"
      title="Agent API"
      intro={
        <>
          Four calls sell a basket: offer, checkout, confirm, and order to follow it. Each operation answers
          on two spellings of its path. Bodies are JSON; amounts are integers in minor units (pence, cents),
          so <C>8396</C> in GBP is £83.96.
        </>
      }
    >
      <DocSection
        id="offer"
        title="Offer"
        summary="Prices a basket from the store, with the shipping options for the destination. Valid for 15 minutes."
      >
        <Endpoint method="POST" paths={['/api/agent/offer', '/api/agent-offer']} />
        <RefTable
          caption="Offer request fields"
          columns={FIELD_COLUMNS}
          rows={[
            [
              'items (or products)',
              'array, 1–50',
              <>
                Each <C>{'{ sku, quantity }'}</C>: the SKU in the store&apos;s catalogue (1–100 characters)
                and a whole number from 1 to 100. The same SKU twice is counted once with the quantities
                added.
              </>,
            ],
            [
              'shipping_to (or shipping_address)',
              'object',
              <>
                <C>country</C> (2-letter ISO code) and <C>postcode</C> (or <C>postal_code</C>, up to 20
                characters).
              </>,
            ],
            [
              'currency',
              'string, optional',
              <>3-letter code. It must be the store&apos;s own currency, otherwise the answer is a 400.</>,
            ],
            IDEMPOTENCY_KEY_ROW,
          ]}
        />
        <CodeBlock title="Request" code={OFFER_REQUEST} />
        <CodeBlock title="Response 200" kind="response" code={OFFER_RESPONSE} />
        <RefTable
          caption="Offer response fields"
          columns={FIELD_COLUMNS}
          rows={[
            [
              'offer_id',
              'string',
              <>
                Starts <C>ofr_</C>; the checkout refers to it.
              </>,
            ],
            [
              'items[]',
              'array',
              <>
                <C>sku</C>, <C>name</C>, <C>quantity</C>, <C>unit_price</C> and line <C>total</C>, as the
                store prices them now.
              </>,
            ],
            ['subtotal', 'integer', 'The items only.'],
            ['total', 'integer', 'Subtotal plus the cheapest shipping option.'],
            ['currency', 'string', 'The store’s currency (GBP, EUR or USD).'],
            [
              'shipping_options[]',
              'array',
              <>
                <C>id</C> (<C>standard</C> or <C>express</C>), <C>label</C>, <C>price</C>, <C>eta</C>.
              </>,
            ],
            ['expires_at', 'ISO 8601', '15 minutes after the offer was made.'],
          ]}
        />
        <P>
          Shipping is domestic when the destination is in the merchant&apos;s own market (the United Kingdom
          by default; the United States or the EU for merchants there) and international otherwise:
        </P>
        <ShippingTable />
        <P>
          A SKU the store does not know, cannot sell or has too few of is refused with{' '}
          <C>400 VALIDATION_ERROR</C>, and <C>details.items</C> names each one with its problem:{' '}
          <C>unknown_sku</C>, <C>not_for_sale</C> or <C>out_of_stock</C>. The same request in the other
          spellings (hyphenated path, <C>apikey</C> header, <C>products</C>, <C>shipping_address</C>,{' '}
          <C>postal_code</C>):
        </P>
        <CodeBlock title="Request, other spellings" code={OFFER_REQUEST_ALT} />
      </DocSection>

      <DocSection
        id="checkout"
        title="Checkout"
        summary="Turns an offer into a checkout with the buyer's details and how they pay: a card token or a Lightning invoice."
      >
        <Endpoint method="POST" paths={['/api/agent/checkout', '/api/agent-checkout']} />
        <RefTable
          caption="Checkout request fields"
          columns={FIELD_COLUMNS}
          rows={[
            ['offer_id', 'string', 'An unexpired offer of this merchant.'],
            [
              'shipping_option_id',
              'string, optional',
              <>
                One of the offer&apos;s <C>shipping_options</C>; the first (cheapest) when left out.
              </>,
            ],
            [
              'buyer',
              'object',
              <>
                <C>name</C> (up to 200 characters), <C>email</C>, optional <C>phone</C>, and <C>address</C>:{' '}
                <C>line1</C>, optional <C>line2</C>, <C>city</C>, optional <C>state</C>, <C>postcode</C> (or{' '}
                <C>postal_code</C>) and <C>country</C> (2-letter ISO code).
              </>,
            ],
            [
              'payment.method',
              'stripe | btc',
              <>
                <C>stripe</C>: a card through the merchant&apos;s Stripe account. <C>btc</C>: a Lightning
                invoice from the merchant&apos;s Bitcoin provider (see{' '}
                <a href="#bitcoin" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  Lightning payment flow
                </a>
                ).
              </>,
            ],
            [
              'payment.shared_payment_token',
              'string',
              <>
                Card only: the Stripe Shared Payment Token (<C>spt_…</C>) the buyer&apos;s assistant granted.
              </>,
            ],
            [
              'payment.amount, payment.currency',
              'optional',
              <>
                When sent, they must equal the offer total with the chosen shipping and the offer&apos;s
                currency; a mismatch is a 400 whose <C>details</C> give the expected value.
              </>,
            ],
            IDEMPOTENCY_KEY_ROW,
          ]}
        />
        <H4>Card: hold the token until the confirm</H4>
        <P>
          In production the buyer&apos;s assistant (ChatGPT, for example) hands the agent a Shared Payment
          Token limited to an amount and currency. On a sandbox instance the Stripe simulator mints one:
        </P>
        <CodeBlock title="Mint a test token (sandbox)" code={MINT_TOKEN} />
        <CodeBlock title="Token (answer, shortened)" kind="response" code={MINT_TOKEN_RESPONSE} />
        <CodeBlock title="Request" code={CARD_CHECKOUT_REQUEST} />
        <CodeBlock title="Response 201, card" kind="response" code={CARD_CHECKOUT_RESPONSE} />
        <P>
          Nothing is charged yet: the checkout waits for the confirm for 30 minutes (<C>expires_at</C>) with
          status <C>PENDING</C>. The token is stored encrypted and used only by the confirm.
        </P>
        <H4>Bitcoin: an invoice at once</H4>
        <P>
          With <C>{'"payment": { "method": "btc" }'}</C> the answer (201, status <C>PENDING_PAYMENT</C>)
          carries the Lightning invoice in <C>btc</C> instead of <C>amount_authorized</C>: <C>provider</C>,{' '}
          <C>payment_request</C> (BOLT11), <C>payment_url</C>, <C>amount_sats</C>, <C>expires_at</C>, and{' '}
          <C>onchain_address</C> for CoinCorner. The{' '}
          <a href="#bitcoin" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Lightning payment flow
          </a>{' '}
          shows it end to end.
        </P>
      </DocSection>

      <DocSection
        id="confirm"
        title="Confirm"
        summary="Commits the checkout: charges the card or checks the Lightning invoice, then writes the order into the store."
      >
        <Endpoint method="POST" paths={['/api/agent/confirm', '/api/agent-confirm']} />
        <RefTable
          caption="Confirm request fields"
          columns={FIELD_COLUMNS}
          rows={[
            [
              'checkout_id',
              'string',
              <>
                The <C>chk_…</C> id from the checkout.
              </>,
            ],
            ['commit', 'boolean, optional', 'Accepted for compatibility; a confirm always commits.'],
            IDEMPOTENCY_KEY_ROW,
          ]}
        />
        <CodeBlock title="Request" code={CONFIRM_REQUEST} />
        <CodeBlock title="Response 200, accepted" kind="response" code={CONFIRM_RESPONSE} />
        <List>
          <li>
            <strong className="text-slate-900">Card:</strong> prices are checked against the store once more;
            if one changed or an item can no longer be sold, the checkout is declined before any charge (
            <C>400 INVALID_CHECKOUT</C>, request a new offer). Then the token is charged on the
            merchant&apos;s Stripe account for exactly the checkout amount.
          </li>
          <li>
            <strong className="text-slate-900">Bitcoin:</strong> the provider is asked whether the invoice is
            paid. Unpaid, the answer is 200 with the checkout and <C>payment_status</C> (<C>pending</C> or{' '}
            <C>processing</C>); poll again. Paid, it is accepted like a card.
          </li>
          <li>
            <C>adapter_ref</C> is the order&apos;s id in the merchant&apos;s store. If the store cannot be
            reached right then it is <C>null</C>: the payment stands and the order is written by a background
            job that keeps retrying; the order endpoint shows <C>store_order_id</C> once it is there.
          </li>
          <li>
            A declined card is <C>402 PAYMENT_DECLINED</C> (<C>details.decline_code</C>), a checkout confirmed
            after its 30 minutes or an expired invoice is <C>402 PAYMENT_EXPIRED</C>. Both end the checkout
            (status <C>DECLINED</C>); start again with a new checkout.
          </li>
        </List>
        <P>
          Exactly one confirm can win: a repeat with the same <C>Idempotency-Key</C> replays the accepted
          answer, while a confirm without the key (or with a new one) on a finished checkout is told what
          happened:
        </P>
        <CodeBlock
          title="Response 409 to a second confirm"
          kind="response"
          code={ALREADY_PROCESSED_RESPONSE}
        />
      </DocSection>

      <DocSection
        id="order"
        title="Order"
        summary="Looks up an order by id, refreshed from the store, which is where fulfilment happens."
      >
        <Endpoint method="GET" paths={['/api/agent/order/{order_id}', '/api/agent-order/{order_id}']} />
        <CodeBlock title="Request" code={ORDER_REQUEST} />
        <CodeBlock title="Response 200" kind="response" code={ORDER_RESPONSE} />
        <RefTable
          caption="Order response fields"
          columns={FIELD_COLUMNS}
          rows={[
            ['order_id', 'string', 'The id from the confirm answer.'],
            [
              'status',
              'string',
              <>
                <C>IN_PROGRESS</C> (paid, being written to the store), <C>ACCEPTED</C> (in the store),{' '}
                <C>FULFILLED</C>, <C>CANCELLED</C> (cancelled or refunded in the store) or <C>REJECTED</C>{' '}
                (the store marked it failed).
              </>,
            ],
            [
              'store_order_id',
              'string | null',
              'The order in the merchant’s store; null until it is written.',
            ],
            ['total, currency', 'integer, string', 'What was paid, shipping included.'],
            [
              'tracking',
              'object',
              <>
                <C>carrier</C>, <C>number</C>, <C>url</C>; each <C>null</C> while no tracking is known.
              </>,
            ],
            ['created_at', 'ISO 8601', 'When the payment was accepted.'],
            [
              'amount_refunded',
              'integer',
              'What the merchant has given back so far, in minor units: the succeeded refunds.',
            ],
            [
              'refunds[]',
              'array',
              <>
                Each refund: <C>refund_id</C>, <C>amount</C>, <C>currency</C>, <C>status</C> (<C>pending</C>,{' '}
                <C>succeeded</C> or <C>failed</C>), <C>reason</C>, <C>line_items</C> (<C>sku</C> and{' '}
                <C>quantity</C>, or <C>null</C> for an amount) and <C>created_at</C>.
              </>,
            ],
          ]}
        />
        <P>
          An unknown id, or an order of another merchant, is <C>404 NOT_FOUND</C>. If the store cannot be
          reached, the last known status is returned.
        </P>
      </DocSection>

      <DocSection
        id="idempotency"
        title="Idempotent retries"
        summary="Send an Idempotency-Key with every offer, checkout and confirm, so a retry after a timeout never does the work twice."
      >
        <List>
          <li>
            Put the key in an <C>Idempotency-Key</C> header (or an <C>idempotency_key</C> body field), at most
            255 characters. Use one key per attempt at one thing, for example <C>checkout-$OFFER_ID</C>; the
            answer echoes it in an <C>Idempotency-Key</C> header.
          </li>
          <li>
            The same key with the same body gets the first answer again, status included, with the header{' '}
            <C>Idempotent-Replayed: true</C>.
          </li>
          <li>
            The same key with a different body is <C>409 IDEMPOTENCY_CONFLICT</C>. While the first request
            with that key is still running, a repeat is also <C>409 IDEMPOTENCY_CONFLICT</C>, with{' '}
            <C>details.in_flight: true</C> and <C>Retry-After: 1</C>.
          </li>
          <li>
            Keys are kept for 24 hours, separately for each merchant and each operation. Answers of 500 and
            above are not kept, so the same key can be retried after a server error.
          </li>
        </List>
        <Note>
          Without a key a retried checkout creates a second checkout. A card is never charged twice for one
          checkout either way: the charge uses the checkout id as Stripe&apos;s own idempotency key.
        </Note>
      </DocSection>
    </DocGroup>
  );
}
