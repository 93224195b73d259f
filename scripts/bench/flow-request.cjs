'use strict';
/**
 * autocannon `setupRequest` for the bench's card flow, run inside autocannon's worker thread (which
 * loads it with require, hence CommonJS). Each connection is one agent looping offer -> checkout ->
 * confirm; `req.flow` carries the merchant keys and the pre-minted Shared Payment Tokens. The counters
 * live at module level so that, within the worker, every flow gets the next key and a token of its own.
 * Returning null (a step whose previous step failed) makes autocannon start a new flow.
 */
let flows = 0;
let tokens = 0;

function withBody(req, key, body) {
  return {
    ...req,
    headers: { ...req.headers, authorization: `Bearer ${key}` },
    body: JSON.stringify(body),
  };
}

module.exports = function setupRequest(req, context) {
  const { keys, offer, buyer } = req.flow;
  if (req.step === 'offer') {
    context.key = keys[flows++ % keys.length];
    return withBody(req, context.key, offer);
  }
  if (req.step === 'checkout') {
    if (!context.offer) return null;
    const token = req.flow.tokens[tokens++];
    if (!token) return null;
    return withBody(req, context.key, {
      offer_id: context.offer.offer_id,
      shipping_option_id: 'standard',
      buyer,
      payment: {
        method: 'stripe',
        shared_payment_token: token,
        amount: context.offer.total,
        currency: context.offer.currency,
      },
    });
  }
  if (!context.checkoutId) return null;
  return withBody(req, context.key, { checkout_id: context.checkoutId, commit: true });
};
