import { expectBody, expectStatus, remember, sharedPaymentTokenScript } from './scripts';
import { numberVariable, type UatFolder } from './request-spec';

const BUYER = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Analytical Way', city: 'London', postcode: 'SW1A 1AA', country: 'GB' },
};
const IDEMPOTENCY = { 'Idempotency-Key': '{{$guid}}' };

/** The documented agent API, one request per operation: a card purchase from offer to order. */
export const agentApiFolder: UatFolder = {
  name: 'Documented agent API',
  description:
    'Offer, checkout (card, Shared Payment Token), confirm and order, in the order an agent calls them. Each request keeps the ids the next one needs.',
  requests: [
    {
      name: 'Create an offer',
      description: 'POST /api/agent/offer: prices the items with shipping options.',
      method: 'POST',
      path: '/api/agent/offer',
      body: {
        items: [{ sku: '{{sku}}', quantity: 1 }],
        shipping_to: { country: BUYER.address.country, postcode: BUYER.address.postcode },
      },
      tests: [
        ...expectStatus(200),
        ...expectBody(
          'is an offer with shipping options',
          [
            "pm.expect(body).to.include.all.keys('offer_id', 'items', 'subtotal', 'total', 'currency', 'shipping_options', 'expires_at');",
            "pm.expect(body.offer_id).to.be.a('string');",
            "pm.expect(body.items).to.be.an('array').that.is.not.empty;",
            "pm.expect(body.total).to.be.a('number');",
            'pm.expect(body.currency).to.match(/^[A-Z]{3}$/);',
            "pm.expect(body.shipping_options).to.be.an('array').that.is.not.empty;",
            "pm.expect(body.shipping_options[0]).to.include.all.keys('id', 'label', 'price', 'eta');",
          ],
          [
            remember('offer_id', 'body.offer_id'),
            remember('shipping_option_id', 'body.shipping_options[0].id'),
            remember('payment_amount', 'body.subtotal + body.shipping_options[0].price'),
            remember('payment_currency', 'body.currency'),
          ],
        ),
      ],
    },
    {
      name: 'Check out with a card',
      description:
        'POST /api/agent/checkout: pays the offer with the first shipping option and a Shared Payment Token (minted by the sandbox, or shared_payment_token).',
      method: 'POST',
      path: '/api/agent/checkout',
      headers: IDEMPOTENCY,
      body: {
        offer_id: '{{offer_id}}',
        shipping_option_id: '{{shipping_option_id}}',
        buyer: BUYER,
        payment: {
          method: 'stripe',
          shared_payment_token: '{{payment_token}}',
          amount: numberVariable('payment_amount'),
          currency: '{{payment_currency}}',
        },
      },
      preRequest: sharedPaymentTokenScript,
      tests: [
        ...expectStatus(201),
        ...expectBody(
          'is a card checkout for the offer total',
          [
            "pm.expect(body).to.include.all.keys('checkout_id', 'status', 'amount_authorized', 'currency', 'expires_at');",
            "pm.expect(body.amount_authorized).to.equal(Number(pm.collectionVariables.get('payment_amount')));",
          ],
          [remember('checkout_id', 'body.checkout_id')],
        ),
      ],
    },
    {
      name: 'Confirm the checkout',
      description: 'POST /api/agent/confirm: captures the payment and writes the order into the store.',
      method: 'POST',
      path: '/api/agent/confirm',
      headers: IDEMPOTENCY,
      body: { checkout_id: '{{checkout_id}}', commit: true },
      tests: [
        ...expectStatus(200),
        ...expectBody(
          'is accepted with an order',
          [
            "pm.expect(body.status).to.equal('ACCEPTED');",
            "pm.expect(body.checkout_id).to.equal(pm.collectionVariables.get('checkout_id'));",
            "pm.expect(body.order_id).to.be.a('string');",
            "pm.expect(body).to.have.property('adapter_ref');",
          ],
          [remember('order_id', 'body.order_id')],
        ),
      ],
    },
    {
      name: 'Read the order',
      description: 'GET /api/agent/order/{id}: the order and its fulfilment status from the store.',
      method: 'GET',
      path: '/api/agent/order/{{order_id}}',
      tests: [
        ...expectStatus(200),
        ...expectBody('is the confirmed order', [
          "pm.expect(body.order_id).to.equal(pm.collectionVariables.get('order_id'));",
          "pm.expect(body).to.include.all.keys('status', 'store_order_id', 'total', 'currency', 'tracking', 'created_at');",
          "pm.expect(body.total).to.equal(Number(pm.collectionVariables.get('payment_amount')));",
        ]),
      ],
    },
  ],
};
