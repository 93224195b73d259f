/**
 * Requests for the ACP checkout_sessions API (both versions) against a sandbox instance, in the same
 * style as the agent API examples: AGENTCART_URL, AGENTCART_API_KEY and the simulators' addresses set as
 * in the setup section, ids carried in shell variables, runnable in page order. Shapes follow the official ACP OpenAPI documents of each version; the answers were
 * captured from a sandbox run and shortened.
 */
const HEADERS_2026 = `  -H "Authorization: Bearer $AGENTCART_API_KEY" \\
  -H "API-Version: 2026-04-17" \\
  -H "Content-Type: application/json"`;
const HEADERS_2025 = HEADERS_2026.replace('2026-04-17', '2025-09-29');
const read = (variable: string, path: string) =>
  `node -p 'JSON.parse(process.argv[1]).${path}' "$${variable}"`;

export const ACP_CREATE_2026 = `SESSION_BODY='{
  "currency": "gbp",
  "line_items": [{ "id": "TEST-PRODUCT-001", "quantity": 2 }],
  "capabilities": { "interventions": { "supported": [] } },
  "buyer": { "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com" },
  "fulfillment_details": {
    "name": "Ada Lovelace",
    "email": "ada@example.com",
    "phone_number": "+442079460000",
    "address": {
      "name": "Ada Lovelace", "line_one": "1 Analytical Way", "city": "London",
      "state": "London", "country": "GB", "postal_code": "SW1A 1AA"
    }
  }
}'
session=$(curl -s $AGENTCART_URL/acp/checkout_sessions \\
${HEADERS_2026} \\
  -H "Idempotency-Key: create-$(node -p 'crypto.randomUUID()')" \\
  -d "$SESSION_BODY")
echo "$session"
SESSION_ID=$(${read('session', 'id')})`;

export const ACP_SESSION_2026 = `{
  "id": "cs_…",
  "protocol": { "version": "2026-04-17" },
  "status": "ready_for_payment",
  "currency": "gbp",
  "capabilities": {
    "payment": {
      "handlers": [
        { "id": "card_spt", "name": "dev.acp.tokenized.card", "display_name": "Card", "psp": "stripe", "requires_delegate_payment": true, … },
        {
          "id": "bitcoin_lightning", "name": "com.agentcart.lightning", "display_name": "Bitcoin (Lightning)",
          "psp": "opennode", "requires_delegate_payment": false, …,
          "config": {
            "invoice": {
              "id": "50829ed4-…", "payment_request": "lntb…", "payment_url": "http://127.0.0.1:4001/checkout/50829ed4-…",
              "amount_sats": 79920, "expires_at": "…"
            }
          }
        }
      ]
    }
  },
  "line_items": [{ "id": "li_TEST-PRODUCT-001", "item": { "id": "TEST-PRODUCT-001", "quantity": 2 }, … }],
  "fulfillment_options": [
    { "type": "shipping", "id": "standard", "title": "Standard delivery", "totals": […], … },
    { "type": "shipping", "id": "express", "title": "Express delivery", "totals": […], … }
  ],
  "selected_fulfillment_options": [{ "type": "shipping", "option_id": "standard", "item_ids": ["li_TEST-PRODUCT-001"] }],
  "totals": [
    { "type": "items_base_amount", "amount": 3998, … },
    { "type": "subtotal", "amount": 3998, … },
    { "type": "fulfillment", "amount": 399, … },
    { "type": "tax", "amount": 0, … },
    { "type": "total", "amount": 4397, … }
  ],
  "messages": [],
  "links": [
    { "type": "terms_of_use", "url": "http://localhost:3000/terms", … },
    { "type": "privacy_policy", "url": "http://localhost:3000/privacy", … }
  ]
}`;

export const ACP_UPDATE_2026 = `ITEM_IDS=$(node -p 'JSON.stringify(JSON.parse(process.argv[1]).line_items.map((i) => i.id))' "$session")
session=$(curl -s $AGENTCART_URL/acp/checkout_sessions/$SESSION_ID \\
${HEADERS_2026} \\
  -H "Idempotency-Key: update-$(node -p 'crypto.randomUUID()')" \\
  -d @- <<EOF
{
  "selected_fulfillment_options": [{ "type": "shipping", "option_id": "express", "item_ids": $ITEM_IDS }]
}
EOF
)
echo "$session"`;

export const ACP_MINT_TOKEN = `# sandbox only: a Shared Payment Token from the Stripe simulator for up to an amount in pence
mint_spt() {
  curl -s -X POST $STRIPE_SIM/__sim/granted_tokens \\
    -H "Content-Type: application/json" \\
    -d "{ \\"currency\\": \\"gbp\\", \\"max_amount\\": $1 }" | node -p 'JSON.parse(require("fs").readFileSync(0, "utf8")).id'
}
SPT=$(mint_spt $(${read('session', 'totals.find((t) => t.type === "total").amount')}))`;

export const ACP_COMPLETE_CARD_2026 = `curl -s $AGENTCART_URL/acp/checkout_sessions/$SESSION_ID/complete \\
${HEADERS_2026} \\
  -H "Idempotency-Key: complete-$SESSION_ID" \\
  -d @- <<EOF
{
  "payment_data": {
    "handler_id": "card_spt",
    "instrument": { "type": "card", "credential": { "type": "spt", "token": "$SPT" } }
  }
}
EOF`;

export const ACP_COMPLETED_2026 = `{
  "id": "cs_wdxcbc6OZci4UiUBLZcuy5dm",
  "status": "completed",
  …,
  "order": {
    "type": "order",
    "id": "79fb5219-5520-4483-bde9-16a7ae5f4297",
    "checkout_session_id": "cs_wdxcbc6OZci4UiUBLZcuy5dm",
    "order_number": "1004",
    "permalink_url": "http://localhost:3000/order-status/5b0e…c41d",
    "status": "confirmed"
  }
}`;

export const ACP_COMPLETE_LIGHTNING_2026 = `# a new session (the first is paid): it lists the Lightning invoice once the buyer's e-mail is known
ln_session=$(curl -s $AGENTCART_URL/acp/checkout_sessions \\
${HEADERS_2026} \\
  -H "Idempotency-Key: create-$(node -p 'crypto.randomUUID()')" \\
  -d "$SESSION_BODY")
LN_SESSION_ID=$(${read('ln_session', 'id')})
INVOICE_ID=$(${read('ln_session', 'capabilities.payment.handlers.find((h) => h.id === "bitcoin_lightning").config.invoice.id')})

# sandbox only: the buyer's wallet pays the invoice through the OpenNode simulator
curl -s -X POST $OPENNODE_SIM/__sim/charges/$INVOICE_ID/pay

curl -s $AGENTCART_URL/acp/checkout_sessions/$LN_SESSION_ID/complete \\
${HEADERS_2026} \\
  -H "Idempotency-Key: complete-$LN_SESSION_ID" \\
  -d @- <<EOF
{
  "payment_data": {
    "handler_id": "bitcoin_lightning",
    "instrument": { "type": "lightning_invoice", "credential": { "type": "invoice_id", "token": "$INVOICE_ID" } }
  }
}
EOF`;

export const ACP_CREATE_2025 = `session_2025=$(curl -s $AGENTCART_URL/acp/checkout_sessions \\
${HEADERS_2025} \\
  -H "Idempotency-Key: create-$(node -p 'crypto.randomUUID()')" \\
  -d '{
    "items": [{ "id": "TEST-PRODUCT-001", "quantity": 1 }],
    "buyer": { "first_name": "Ada", "last_name": "Lovelace", "email": "ada@example.com" },
    "fulfillment_address": {
      "name": "Ada Lovelace", "line_one": "1 Analytical Way", "city": "London",
      "state": "London", "country": "GB", "postal_code": "SW1A 1AA"
    }
  }')
echo "$session_2025"
SESSION_2025=$(${read('session_2025', 'id')})`;

export const ACP_COMPLETE_CARD_2025 = `SPT_2025=$(mint_spt $(${read('session_2025', 'totals.find((t) => t.type === "total").amount')}))
curl -s $AGENTCART_URL/acp/checkout_sessions/$SESSION_2025/complete \\
${HEADERS_2025} \\
  -H "Idempotency-Key: complete-$SESSION_2025" \\
  -d "{ \\"payment_data\\": { \\"token\\": \\"$SPT_2025\\", \\"provider\\": \\"stripe\\" } }"`;

export const ACP_CANCEL = `# a session the buyer walks away from
spare=$(curl -s $AGENTCART_URL/acp/checkout_sessions \\
${HEADERS_2026} \\
  -H "Idempotency-Key: create-$(node -p 'crypto.randomUUID()')" \\
  -d '{ "currency": "gbp", "line_items": [{ "id": "TEST-PRODUCT-001" }] }')
SPARE_ID=$(${read('spare', 'id')})
curl -s -X POST $AGENTCART_URL/acp/checkout_sessions/$SPARE_ID/cancel \\
${HEADERS_2026} \\
  -H "Idempotency-Key: cancel-$SPARE_ID"`;

export const ACP_GET = `curl -s $AGENTCART_URL/acp/checkout_sessions/$SESSION_ID \\
  -H "Authorization: Bearer $AGENTCART_API_KEY" \\
  -H "API-Version: 2026-04-17"`;

export const ACP_VERSION_ERROR = `{
  "type": "invalid_request",
  "code": "unsupported_api_version",
  "message": "…",
  "supported_versions": ["2026-04-17", "2025-09-29"]
}`;

export const ACP_ITEM_MESSAGE = `{
  "status": "not_ready_for_payment",
  …,
  "messages": [
    {
      "type": "error", "code": "not_found", "param": "$.line_items[0]", "resolution": "recoverable",
      "content_type": "plain", "content": "This item is not in the store catalogue."
    },
    {
      "type": "error", "code": "out_of_stock", "param": "$.line_items[1]", "resolution": "requires_buyer_input",
      "content_type": "plain", "content": "This item is out of stock in the requested quantity."
    },
    …
  ]
}`;

export const ACP_SIGN = `# only when the merchant requires signed requests: SECRET is the signing secret it shared
SECRET=\${SECRET:-the-signing-secret-you-were-given}
BODY='{"line_items":[{"id":"TEST-PRODUCT-001"}],"currency":"gbp"}'
TIMESTAMP=$(date -u +%Y-%m-%dT%H:%M:%SZ)
SIGNATURE=$(printf '%s.%s' "$TIMESTAMP" "$BODY" | openssl dgst -sha256 -hmac "$SECRET" -binary | base64)
curl -s $AGENTCART_URL/acp/checkout_sessions \\
${HEADERS_2026} \\
  -H "Idempotency-Key: create-$(node -p 'crypto.randomUUID()')" \\
  -H "Timestamp: $TIMESTAMP" \\
  -H "Signature: $SIGNATURE" \\
  -d "$BODY"`;

export const ACP_DISCOVERY = `curl -s $AGENTCART_URL/.well-known/acp.json
curl -s $AGENTCART_URL/.well-known/agent-commerce.json`;

/** ACP's MCP binding: a client configuration (the key at the connection) and one raw call to list the tools. */
export const ACP_MCP_CONFIG = `cat > agentcart-mcp.json <<JSON
{
  "mcpServers": {
    "agentcart-checkout": {
      "type": "http",
      "url": "$AGENTCART_URL/mcp",
      "headers": { "Authorization": "Bearer $AGENTCART_API_KEY" }
    }
  }
}
JSON
cat agentcart-mcp.json`;

export const ACP_MCP_LIST_TOOLS = `curl -s $AGENTCART_URL/mcp \\
  -H "Authorization: Bearer $AGENTCART_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Accept: application/json, text/event-stream" \\
  -H "MCP-Protocol-Version: 2025-06-18" \\
  -d '{"jsonrpc": "2.0", "id": 1, "method": "tools/list"}'`;
