/**
 * Copyable requests for the documented agent API and the answers a sandbox instance gives them. They
 * run in page order against a fresh `npm start` once the setup section has set AGENTCART_URL,
 * AGENTCART_API_KEY and the simulators' addresses (read from /__sim, so they follow PORT); the docs
 * journey (e2e/docs-examples.spec.ts) runs them that way. Each step keeps the ids the next one needs in shell
 * variables (read from the answer with node, which every AgentCart machine has), so the steps can be
 * pasted one after the other. The answers were captured from a sandbox run: ids and times will differ.
 */
const AUTH = '-H "Authorization: Bearer $AGENTCART_API_KEY"';
const JSON_BODY = '-H "Content-Type: application/json"';
const read = (variable: string, path: string) =>
  `node -p 'JSON.parse(process.argv[1]).${path}' "$${variable}"`;

const BUYER = `  "buyer": {
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "address": { "line1": "1 Analytical Way", "city": "London", "postcode": "SW1A 1AA", "country": "GB" }
  },`;

export const SETUP_START = `npm start`;

export const SETUP_KEY = `# in a second terminal, in the project folder; AGENTCART_URL is the address npm start printed
export AGENTCART_URL=http://localhost:3000
export AGENTCART_API_KEY=$(node -p "require('./data/demo.json').apiKey")
sims=$(curl -s $AGENTCART_URL/__sim)
echo "$sims"
export STRIPE_SIM=$(${read('sims', 'stripe.baseUrl')})
export OPENNODE_SIM=$(${read('sims', 'opennode.baseUrl')})`;

export const SETUP_SIMULATORS = `{
  "stripe": { "baseUrl": "http://127.0.0.1:4000" },
  "opennode": { "baseUrl": "http://127.0.0.1:4001" },
  "coincorner": { "baseUrl": "http://127.0.0.1:4002" },
  "woocommerce": { "baseUrl": "http://127.0.0.1:4005" },
  …
}`;

export const OFFER_REQUEST = `offer=$(curl -s $AGENTCART_URL/api/agent/offer \\
  ${AUTH} \\
  ${JSON_BODY} \\
  -d '{
    "items": [
      { "sku": "TEST-PRODUCT-001", "quantity": 2 },
      { "sku": "PACK-20L-BLK", "quantity": 1 }
    ],
    "shipping_to": { "country": "GB", "postcode": "SW1A 1AA" },
    "currency": "GBP"
  }')
echo "$offer"
OFFER_ID=$(${read('offer', 'offer_id')})`;

export const OFFER_RESPONSE = `{
  "offer_id": "ofr_J2Bd2Rwc7klsVXNnjCWVpYgw",
  "items": [
    { "sku": "TEST-PRODUCT-001", "name": "AgentCart Test Product", "quantity": 2, "unit_price": 1999, "total": 3998 },
    { "sku": "PACK-20L-BLK", "name": "Daypack 20L", "quantity": 1, "unit_price": 3999, "total": 3999 }
  ],
  "subtotal": 7997,
  "total": 8396,
  "currency": "GBP",
  "shipping_options": [
    { "id": "standard", "label": "Standard delivery", "price": 399, "eta": "3-5 business days" },
    { "id": "express", "label": "Express delivery", "price": 999, "eta": "1-2 business days" }
  ],
  "expires_at": "2026-11-21T07:40:56.638Z"
}`;

/** The other spellings: the hyphenated path, an apikey header, products, shipping_address, postal_code. */
export const OFFER_REQUEST_ALT = `curl -s $AGENTCART_URL/api/agent-offer \\
  -H "apikey: $AGENTCART_API_KEY" \\
  ${JSON_BODY} \\
  -d '{
    "products": [{ "sku": "TEST-PRODUCT-001", "quantity": 1 }],
    "shipping_address": { "country": "GB", "postal_code": "SW1A 1AA" }
  }'`;

export const MINT_TOKEN = `# sandbox only: the Stripe simulator mints a Shared Payment Token for up to 83.96 GBP
token=$(curl -s -X POST $STRIPE_SIM/__sim/granted_tokens \\
  ${JSON_BODY} \\
  -d '{ "currency": "gbp", "max_amount": 8396 }')
echo "$token"
SPT=$(${read('token', 'id')})`;

export const MINT_TOKEN_RESPONSE = `{
  "id": "spt_2GFRR50Bt1NQWwIl6CiqyfRH",
  "object": "shared_payment.granted_token",
  "usage_limits": { "currency": "gbp", "max_amount": 8396, "expires_at": null },
  …
}`;

export const CARD_CHECKOUT_REQUEST = `checkout=$(curl -s $AGENTCART_URL/api/agent/checkout \\
  ${AUTH} \\
  ${JSON_BODY} \\
  -H "Idempotency-Key: checkout-$OFFER_ID" \\
  -d @- <<EOF
{
  "offer_id": "$OFFER_ID",
  "shipping_option_id": "standard",
${BUYER}
  "payment": { "method": "stripe", "shared_payment_token": "$SPT", "amount": 8396, "currency": "GBP" }
}
EOF
)
echo "$checkout"
CHECKOUT_ID=$(${read('checkout', 'checkout_id')})`;

export const CARD_CHECKOUT_RESPONSE = `{
  "checkout_id": "chk_2PA2zIBEptg1i4fgw3zmO71G",
  "status": "PENDING",
  "amount_authorized": 8396,
  "currency": "GBP",
  "expires_at": "2026-11-21T07:55:59.086Z"
}`;

export const CONFIRM_REQUEST = `confirm=$(curl -s $AGENTCART_URL/api/agent/confirm \\
  ${AUTH} \\
  ${JSON_BODY} \\
  -H "Idempotency-Key: confirm-$CHECKOUT_ID" \\
  -d "{ \\"checkout_id\\": \\"$CHECKOUT_ID\\", \\"commit\\": true }")
echo "$confirm"
ORDER_ID=$(${read('confirm', 'order_id')})`;

export const CONFIRM_RESPONSE = `{
  "order_id": "64e2b419-20c3-4a86-8c0c-59d5b84e4c15",
  "checkout_id": "chk_2PA2zIBEptg1i4fgw3zmO71G",
  "status": "ACCEPTED",
  "adapter_ref": "1001"
}`;

export const ALREADY_PROCESSED_RESPONSE = `{
  "error": "This checkout has already been processed",
  "error_code": "CHECKOUT_ALREADY_PROCESSED",
  "correlation_id": "8024b00e-5909-480e-b53b-ba08af3e16a4",
  "details": {
    "checkout_id": "chk_2PA2zIBEptg1i4fgw3zmO71G",
    "status": "ACCEPTED",
    "order_id": "64e2b419-20c3-4a86-8c0c-59d5b84e4c15",
    "adapter_ref": "1001"
  }
}`;

export const ORDER_REQUEST = `curl -s $AGENTCART_URL/api/agent/order/$ORDER_ID \\
  ${AUTH}`;

export const ORDER_RESPONSE = `{
  "order_id": "64e2b419-20c3-4a86-8c0c-59d5b84e4c15",
  "status": "ACCEPTED",
  "store_order_id": "1001",
  "total": 8396,
  "currency": "GBP",
  "tracking": { "carrier": null, "number": null, "url": null },
  "created_at": "2026-11-21T07:26:02.448Z",
  "amount_refunded": 0,
  "refunds": []
}`;

export const BTC_CHECKOUT_REQUEST = `# an offer is checked out once: a new one for this purchase
offer=$(curl -s $AGENTCART_URL/api/agent/offer \\
  ${AUTH} \\
  ${JSON_BODY} \\
  -d '{ "items": [{ "sku": "TEST-PRODUCT-001", "quantity": 1 }], "shipping_to": { "country": "GB", "postcode": "SW1A 1AA" } }')
OFFER_ID=$(${read('offer', 'offer_id')})
checkout=$(curl -s $AGENTCART_URL/api/agent/checkout \\
  ${AUTH} \\
  ${JSON_BODY} \\
  -H "Idempotency-Key: checkout-$OFFER_ID" \\
  -d @- <<EOF
{
  "offer_id": "$OFFER_ID",
  "shipping_option_id": "standard",
${BUYER}
  "payment": { "method": "btc" }
}
EOF
)
echo "$checkout"
CHECKOUT_ID=$(${read('checkout', 'checkout_id')})
INVOICE_ID=$(${read('checkout', 'btc.payment_url.split("/").pop()')})`;

export const BTC_CHECKOUT_RESPONSE = `{
  "checkout_id": "chk_VxkinGrVfzOSfwmLpT9hIH0p",
  "status": "PENDING_PAYMENT",
  "amount": 2398,
  "currency": "GBP",
  "btc": {
    "provider": "opennode",
    "payment_request": "lntb479600n1pv0t0r8yw9l2qkgpkgcywmduqhyumtnxfg06u9sv0u5vz6cfkld6akhmj9wy…",
    "payment_url": "http://127.0.0.1:4001/checkout/50829ed4-5d88-4905-8d13-c100e3d55e76",
    "amount_sats": 47960,
    "expires_at": "2026-11-21T07:41:05.000Z"
  }
}`;

export const BTC_PAY_SANDBOX = `# sandbox only: the buyer's wallet pays the invoice through the OpenNode simulator
curl -s -X POST $OPENNODE_SIM/__sim/charges/$INVOICE_ID/pay`;

export const BTC_POLL = `for attempt in $(seq 1 60); do
  answer=$(curl -s $AGENTCART_URL/api/agent/confirm \\
    ${AUTH} \\
    ${JSON_BODY} \\
    -d "{ \\"checkout_id\\": \\"$CHECKOUT_ID\\" }")
  echo "$answer"
  case "$answer" in *'"ACCEPTED"'*|*'"error_code"'*) break ;; esac
  sleep 4
done`;

export const BTC_PENDING_RESPONSE = `{
  "checkout_id": "chk_VxkinGrVfzOSfwmLpT9hIH0p",
  "status": "PENDING_PAYMENT",
  "amount": 2398,
  "currency": "GBP",
  "btc": { "provider": "opennode", "payment_request": "lntb4796…", "payment_url": "http://127.0.0.1:4001/checkout/…", "amount_sats": 47960, "expires_at": "2026-11-21T07:41:05.000Z" },
  "payment_status": "pending"
}`;

export const BTC_ACCEPTED_RESPONSE = `{
  "order_id": "7bccea76-f4e0-4f57-baa1-25b443859a5c",
  "checkout_id": "chk_VxkinGrVfzOSfwmLpT9hIH0p",
  "status": "ACCEPTED",
  "adapter_ref": "1002"
}`;

export const COINCORNER_BTC = `"btc": {
  "provider": "coincorner",
  "payment_request": "lnbc…",
  "payment_url": "https://checkout.coincorner.com/…",
  "amount_sats": 47960,
  "expires_at": "2026-11-21T07:41:05.000Z",
  "onchain_address": "bc1q…"
}`;

export const ERROR_EXAMPLE = `{
  "error": "items.0.quantity: quantity must be at least 1",
  "error_code": "VALIDATION_ERROR",
  "correlation_id": "b07a752d-fa91-4157-a5f6-3d5e96b17104",
  "details": {
    "fields": [{ "field": "items.0.quantity", "message": "quantity must be at least 1" }]
  }
}`;

export const UNSELLABLE_EXAMPLE = `{
  "error": "Some items cannot be sold",
  "error_code": "VALIDATION_ERROR",
  "correlation_id": "fe266755-f779-4cf2-9e25-f415b9a31a5a",
  "details": {
    "items": [
      { "sku": "NOPE", "problem": "unknown_sku" },
      { "sku": "JKT-STORM-M", "problem": "out_of_stock" }
    ]
  }
}`;

export const RATE_LIMIT_EXAMPLE = `HTTP/1.1 429 Too Many Requests
x-ratelimit-limit: 30
x-ratelimit-remaining: 0
x-ratelimit-reset: 47
retry-after: 47

{
  "error": "Too many requests; slow down and retry after the Retry-After delay",
  "error_code": "RATE_LIMIT",
  "correlation_id": "6ced9313-d508-4863-9f2f-4ce04c0ab67c",
  "details": {}
}`;
