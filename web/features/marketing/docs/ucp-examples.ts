/**
 * Requests for the UCP (2026-04-08) REST binding against a sandbox instance, in the style of the ACP
 * examples: AGENTCART_URL, AGENTCART_API_KEY and STRIPE_SIM set as in the setup section, ids carried in
 * shell variables, runnable in page order. Shapes follow the official UCP schemas; answers are shortened.
 */
const HEADERS = `  -H "Authorization: Bearer $AGENTCART_API_KEY" \\
  -H 'UCP-Agent: profile="https://platform.example/.well-known/ucp"' \\
  -H "Content-Type: application/json"`;
const read = (variable: string, path: string) =>
  `node -p 'JSON.parse(process.argv[1]).${path}' "$${variable}"`;

export const UCP_PROFILE = `curl -s $AGENTCART_URL/.well-known/ucp -H "Authorization: Bearer $AGENTCART_API_KEY"`;

export const UCP_CREATE = `checkout=$(curl -s $AGENTCART_URL/ucp/checkout-sessions \\
${HEADERS} \\
  -H "Idempotency-Key: create-$(node -p 'crypto.randomUUID()')" \\
  -d '{
    "line_items": [{ "item": { "id": "TEST-PRODUCT-001" }, "quantity": 2 }],
    "buyer": { "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com" },
    "fulfillment": { "methods": [{ "type": "shipping", "destinations": [{
      "first_name": "Ada", "last_name": "Lovelace", "street_address": "1 Analytical Way",
      "address_locality": "London", "address_region": "Greater London",
      "address_country": "GB", "postal_code": "N1 9GU"
    }] }] }
  }')
echo "$checkout"
CHECKOUT_ID=$(${read('checkout', 'id')})`;

export const UCP_CHECKOUT = `{
  "ucp": {
    "version": "2026-04-08", "status": "success",
    "capabilities": { "dev.ucp.shopping.checkout": [{ "version": "2026-04-08" }], … },
    "payment_handlers": {
      "com.stripe.shared_payment_token": [{ "id": "stripe_spt", "available_instruments": [{ "type": "card" }], … }],
      "com.agentcart.lightning": [{ "id": "lightning", "available_instruments": [{ "type": "lightning" }], … }]
    }
  },
  "id": "cs_…",
  "status": "ready_for_complete",
  "currency": "GBP",
  "line_items": [{ "id": "…", "item": { "id": "TEST-PRODUCT-001", "title": "Test Product", "price": 1999 },
                   "quantity": 2, "totals": [{ "type": "subtotal", "amount": 3998 }, …] }],
  "totals": [
    { "type": "subtotal", "display_text": "Subtotal", "amount": 3998 },
    { "type": "fulfillment", "display_text": "Shipping", "amount": 999 },
    { "type": "total", "display_text": "Total", "amount": 4997 }
  ],
  "messages": [],
  "links": [{ "type": "terms_of_service", "url": "…" }, { "type": "privacy_policy", "url": "…" }]
}`;

export const UCP_COMPLETE_CARD = `# sandbox only: a Shared Payment Token from the Stripe simulator for the checkout's total
SPT=$(curl -s -X POST $STRIPE_SIM/__sim/granted_tokens -H "Content-Type: application/json" \\
  -d "{ \\"currency\\": \\"gbp\\", \\"max_amount\\": $(${read('checkout', 'totals.find((t) => t.type === "total").amount')}) }" \\
  | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).id')
curl -s $AGENTCART_URL/ucp/checkout-sessions/$CHECKOUT_ID/complete \\
${HEADERS} \\
  -H "Idempotency-Key: complete-$CHECKOUT_ID" \\
  -d @- <<EOF
{
  "payment": {
    "instruments": [{
      "id": "instr_1", "handler_id": "stripe_spt", "type": "card", "selected": true,
      "credential": { "type": "spt", "token": "$SPT" }
    }]
  }
}
EOF`;

export const UCP_COMPLETE_LIGHTNING = `curl -s $AGENTCART_URL/ucp/checkout-sessions/$CHECKOUT_ID/complete \\
${HEADERS} \\
  -H "Idempotency-Key: complete-ln-$CHECKOUT_ID" \\
  -d '{ "payment": { "instruments": [{ "id": "ln_1", "handler_id": "lightning", "type": "lightning", "selected": true }] } }'
# → "status": "requires_escalation", "continue_url": "<the invoice's payment page>",
#   "messages": [{ "type": "error", "severity": "requires_buyer_input", "path": "$.payment", … }]`;

export const UCP_ORDER = `curl -s $AGENTCART_URL/ucp/orders/$ORDER_ID \\
  -H "Authorization: Bearer $AGENTCART_API_KEY" \\
  -H 'UCP-Agent: profile="https://platform.example/.well-known/ucp"'`;
