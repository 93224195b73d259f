'use strict';
/** autocannon `onResponse` for the card flow: keeps what the next step needs (see flow-request.cjs). */
module.exports = function onResponse(status, body, context) {
  if (status < 200 || status >= 300) return;
  const answer = JSON.parse(body);
  if (answer.offer_id) context.offer = answer;
  else if (answer.checkout_id && answer.status === 'PENDING') context.checkoutId = answer.checkout_id;
};
