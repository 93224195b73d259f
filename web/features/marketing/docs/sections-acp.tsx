import {
  ACP_CANCEL,
  ACP_COMPLETE_CARD_2025,
  ACP_COMPLETE_CARD_2026,
  ACP_COMPLETE_LIGHTNING_2026,
  ACP_COMPLETED_2026,
  ACP_CREATE_2025,
  ACP_CREATE_2026,
  ACP_DISCOVERY,
  ACP_GET,
  ACP_ITEM_MESSAGE,
  ACP_MCP_CONFIG,
  ACP_MCP_LIST_TOOLS,
  ACP_MINT_TOKEN,
  ACP_SESSION_2026,
  ACP_SIGN,
  ACP_UPDATE_2026,
  ACP_VERSION_ERROR,
} from './acp-examples';
import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, H4, List, Note, P, RefTable } from './doc-blocks';

const ACP_ENDPOINTS: [string, string, string][] = [
  ['POST', '/acp/checkout_sessions', '201: the new session'],
  ['GET', '/acp/checkout_sessions/{id}', '200: the session; 404 when unknown'],
  ['POST', '/acp/checkout_sessions/{id}', '200: the updated session'],
  ['POST', '/acp/checkout_sessions/{id}/complete', '200: the completed session with its order'],
  ['POST', '/acp/checkout_sessions/{id}/cancel', '200: the canceled session; 405 once completed or canceled'],
];

/** ACP errors: HTTP status, type, code and when. */
const ACP_ERRORS: [string, string, string, string][] = [
  [
    '400',
    'invalid_request',
    'invalid_request, invalid_json',
    'Malformed JSON or a field that does not validate; param points at it.',
  ],
  [
    '400',
    'invalid_request',
    'unsupported_api_version',
    'API-Version missing or not one of the two versions.',
  ],
  ['400', 'invalid_request', 'idempotency_key_required', 'A POST without Idempotency-Key.'],
  [
    '400',
    'invalid_request',
    'unsupported_currency, payment_method_unsupported, missing',
    'A currency the store does not sell, a payment the merchant does not take, or no buyer e-mail at complete.',
  ],
  ['401', 'invalid_request', 'unauthorized', 'API key missing or not valid.'],
  [
    '401',
    'invalid_request',
    'signature_missing, invalid_signature, signature_expired, signature_replayed',
    'Request signing is strict and the signature is absent, wrong, outside 5 minutes, or seen before.',
  ],
  [
    '402',
    'invalid_request',
    'payment_declined, payment_expired',
    'The card was declined or the token has expired; the session stays open with the reason in messages.',
  ],
  ['404', 'invalid_request', 'session_not_found', 'No such session for this merchant.'],
  ['405', 'invalid_request', 'not_cancelable', 'Cancel on a completed or canceled session.'],
  ['409', 'invalid_request', 'session_not_ready', 'Complete before the session is ready_for_payment.'],
  [
    '409',
    'invalid_request',
    'payment_pending',
    'Lightning invoice not paid yet; Retry-After says when to ask again.',
  ],
  [
    '409',
    'invalid_request',
    'complete_in_progress, prices_changed',
    'A payment for the session is already running (Retry-After), or the store changed a price.',
  ],
  [
    '409',
    'invalid_request',
    'session_completed, session_canceled, session_expired',
    'The session can no longer change.',
  ],
  [
    '409',
    'invalid_request',
    'idempotency_in_flight',
    'The first request with this key is still running; Retry-After: 1.',
  ],
  ['422', 'invalid_request', 'idempotency_conflict', 'The key was used with a different body.'],
  ['429', 'invalid_request', 'rate_limit_exceeded', 'Too many requests; Retry-After.'],
  ['500', 'processing_error', 'processing_error', 'Something failed on our side.'],
  [
    '503',
    'service_unavailable',
    'service_unavailable, store_unavailable, provider_unavailable',
    'The store or payment provider is down; Retry-After.',
  ],
];

const VERSION_ROWS: [string, string, string][] = [
  [
    'Items',
    'items: [{ id, quantity }]',
    'line_items: [{ id, quantity? }] (quantity 1 by default), plus currency and capabilities',
  ],
  [
    'Address',
    'fulfillment_address { name, line_one, line_two?, city, state, country, postal_code }',
    'fulfillment_details { name, email, phone_number, address { …same fields… } }',
  ],
  [
    'Shipping choice',
    'fulfillment_option_id',
    'selected_fulfillment_options: [{ type: "shipping", option_id, item_ids }]',
  ],
  [
    'Card payment',
    'payment_data { token: "spt_…", provider: "stripe", billing_address? }',
    'payment_data { handler_id: "card_spt", instrument { type: "card", credential { type: "spt", token } } }',
  ],
  ['Lightning', 'not offered', 'handler bitcoin_lightning with its invoice in config.invoice'],
  [
    'Item problems',
    'message code invalid or out_of_stock, param $.items[i]',
    'message code not_found, out_of_stock or invalid, param $.line_items[i]',
  ],
  [
    'Order on completion',
    'order { id, checkout_session_id, permalink_url }',
    'order { id, checkout_session_id, permalink_url, status, order_number }',
  ],
];

const linkClass = 'font-medium text-brand-700 underline-offset-4 hover:underline';

export function AcpDocs() {
  return (
    <DocGroup
      id="protocol"
      title="Agentic Commerce Protocol"
      intro={
        <>
          Agents that speak ACP, such as ChatGPT Instant Checkout, use its <C>checkout_sessions</C> API. It
          runs on the same store, payment accounts, API key and order pipeline as the agent API above, in both
          published versions: <C>2025-09-29</C> and <C>2026-04-17</C>.
        </>
      }
    >
      <DocSection
        id="acp"
        title="ACP checkout sessions"
        summary="The base URL is {PUBLIC_URL}/acp, http://localhost:3000/acp on a sandbox instance."
      >
        <RefTable
          caption="ACP endpoints"
          columns={[{ label: 'Method', mono: true }, { label: 'Path', mono: true }, { label: 'Answer' }]}
          rows={ACP_ENDPOINTS}
        />
        <H4>Headers</H4>
        <RefTable
          caption="ACP request headers"
          columns={[{ label: 'Header', mono: true }, { label: 'Use' }]}
          rows={[
            [
              'Authorization',
              <>
                <C>Bearer ak_test_…</C> or <C>ak_live_…</C>: the merchant&apos;s API key, the same as for the
                agent API (an <C>apikey</C> header also works). Missing or invalid: 401 <C>unauthorized</C>.
              </>,
            ],
            [
              'API-Version',
              <>
                Required: <C>2025-09-29</C> or <C>2026-04-17</C>. Every answer is in the shape of the official
                OpenAPI document of that version. Missing or unknown: 400 <C>unsupported_api_version</C>.
              </>,
            ],
            ['Idempotency-Key', 'Required on every POST, at most 255 characters (see below).'],
            ['Request-Id', 'Optional; echoed in the answer, with Idempotency-Key, for your logs.'],
            [
              'Timestamp, Signature',
              <>
                Only when the merchant requires signed requests (see{' '}
                <a href="#acp-signing" className={linkClass}>
                  signing
                </a>
                ).
              </>,
            ],
          ]}
        />
        <CodeBlock title="Response 400, version missing" kind="response" code={ACP_VERSION_ERROR} />

        <H4>Idempotency</H4>
        <List>
          <li>
            The same key and the same body replay the first answer with <C>Idempotent-Replayed: true</C>.
          </li>
          <li>
            The same key with another body is 422 <C>idempotency_conflict</C>; while the first request still
            runs, 409 <C>idempotency_in_flight</C> with <C>Retry-After: 1</C>.
          </li>
          <li>
            Answers that say &quot;not yet&quot; (409, such as <C>payment_pending</C>, and 429) and answers of
            500 and above are not stored, so a retry with the same key sees what has happened since. Keys are
            kept 24 hours, per merchant and endpoint.
          </li>
        </List>

        <H4>Rate limits</H4>
        <P>
          Per API key: 100 a minute for create, update and get; 30 a minute for complete and cancel. Over the
          limit: 429 <C>rate_limit_exceeded</C> with <C>Retry-After</C>.
        </P>

        <h4 id="acp-signing" className="mt-6 scroll-mt-24 text-base font-semibold text-slate-900">
          Request signing
        </h4>
        <P>
          A merchant can give its agent platform a signing secret and choose a policy. With <C>strict</C>,
          every request must carry <C>Timestamp</C> (RFC 3339) and <C>Signature</C>, the base64 HMAC-SHA256 of{' '}
          <C>{'${Timestamp}.${raw body}'}</C> with the secret. The timestamp must be within 5 minutes of the
          server&apos;s clock and a signature is accepted only once: failures are 401 <C>signature_missing</C>
          , <C>invalid_signature</C>, <C>signature_expired</C> or <C>signature_replayed</C>. With <C>log</C>{' '}
          the request is accepted and the failure recorded as a security event; with <C>off</C> (the default)
          the headers are ignored.
        </P>
        <CodeBlock title="Signed request" code={ACP_SIGN} />
      </DocSection>

      <DocSection
        id="acp-sessions"
        title="Sessions and their lifecycle"
        summary="A session is priced from the store and moves from not ready, to ready, to completed or canceled."
      >
        <List>
          <li>
            An item&apos;s <C>id</C> is the product SKU in the merchant&apos;s store. Prices are the
            store&apos;s, in minor units, with tax 0.
          </li>
          <li>
            An unknown SKU, an item out of stock or a quantity that is not a whole number does not fail the
            request: the session comes back <C>not_ready_for_payment</C> with an error in <C>messages[]</C>{' '}
            whose <C>param</C> points at the item.
          </li>
          <li>
            Shipping options <C>standard</C> and <C>express</C> (domestic or international prices, as in{' '}
            <a href="#offer" className={linkClass}>
              the offer
            </a>
            , with earliest and latest delivery times) appear once the address is known; the first is selected
            by default.
          </li>
          <li>
            Totals: <C>items_base_amount</C>, <C>subtotal</C>, <C>fulfillment</C>, <C>tax</C>, <C>total</C>.
            Links: <C>terms_of_use</C> and <C>privacy_policy</C>.
          </li>
          <li>
            The buyer (<C>first_name</C>, <C>last_name</C>, <C>email</C>, <C>phone_number</C>) can be sent at
            create, update or complete; complete needs an e-mail.
          </li>
        </List>
        <RefTable
          caption="Session statuses"
          columns={[{ label: 'Status', mono: true }, { label: 'Meaning' }]}
          rows={[
            ['not_ready_for_payment', 'The address is missing or an item has a problem (see messages).'],
            ['ready_for_payment', 'Complete can be called.'],
            ['in_progress', 'A payment is running, or a Lightning invoice is waiting to be paid.'],
            ['completed', 'Paid; the order is in the store and on the session.'],
            ['canceled', 'Canceled by the agent.'],
          ]}
        />
        <H4>The two versions side by side</H4>
        <RefTable
          caption="Differences between ACP versions"
          columns={[
            { label: '' },
            { label: '2025-09-29', mono: false },
            { label: '2026-04-17', mono: false },
          ]}
          rows={VERSION_ROWS}
        />
        <CodeBlock title="Create a session (2026-04-17)" code={ACP_CREATE_2026} />
        <CodeBlock title="Response 201 (shortened)" kind="response" code={ACP_SESSION_2026} />
        <CodeBlock title="Choose express shipping (2026-04-17)" code={ACP_UPDATE_2026} />
        <CodeBlock
          title="A session with an item problem (shortened)"
          kind="response"
          code={ACP_ITEM_MESSAGE}
        />
        <CodeBlock title="Create a session (2025-09-29)" code={ACP_CREATE_2025} />
        <CodeBlock title="Read a session" code={ACP_GET} />
        <CodeBlock title="Cancel a session" code={ACP_CANCEL} />
      </DocSection>

      <DocSection
        id="acp-complete"
        title="Completing: card and Lightning"
        summary="Complete pays the session and writes the order into the store."
      >
        <P>
          <strong className="text-slate-900">Card.</strong> The Shared Payment Token is checked against the
          session total (its currency, <C>max_amount</C> and <C>expires_at</C>), charged on the
          merchant&apos;s Stripe account, and the order is written to the store. The answer is the completed
          session with <C>order</C>. A declined card is 402 <C>payment_declined</C> and the session keeps a{' '}
          <C>payment_declined</C> message.
        </P>
        <CodeBlock title="Mint a test token (sandbox)" code={ACP_MINT_TOKEN} />
        <CodeBlock title="Complete by card (2026-04-17)" code={ACP_COMPLETE_CARD_2026} />
        <CodeBlock title="Response 200 (shortened)" kind="response" code={ACP_COMPLETED_2026} />
        <P>
          <strong className="text-slate-900">The buyer&apos;s order page.</strong> <C>order.permalink_url</C>{' '}
          (the same link in every order event) opens a public page with the order&apos;s store, items, totals,
          status and tracking. Its address is an unguessable token, not the session or order id, and the page
          shows no e-mail, phone, name or street, so the agent can hand the link to the buyer in the
          conversation.
        </P>
        <CodeBlock title="Complete by card (2025-09-29 session)" code={ACP_COMPLETE_CARD_2025} />
        <P>
          <strong className="text-slate-900">Lightning (2026-04-17 only).</strong> For a merchant with Bitcoin
          enabled, the session lists a <C>bitcoin_lightning</C> handler next to <C>card_spt</C>. Once the
          session is <C>ready_for_payment</C> and the buyer&apos;s e-mail is known, its <C>config.invoice</C>{' '}
          holds an invoice for the total: <C>id</C>, <C>payment_request</C>, <C>payment_url</C>,{' '}
          <C>amount_sats</C>, <C>expires_at</C>, and <C>onchain_address</C> with CoinCorner (<C>null</C>{' '}
          before that). The buyer pays it, then the agent completes with the invoice id. Until it is paid,
          complete answers 409 <C>payment_pending</C> with <C>Retry-After</C>; ask again every 3 to 5 seconds.
          The provider&apos;s webhook and the background job also settle it, after which a GET shows the
          session <C>completed</C>.
        </P>
        <CodeBlock title="Pay and complete by Lightning (2026-04-17)" code={ACP_COMPLETE_LIGHTNING_2026} />
      </DocSection>

      <DocSection
        id="acp-webhooks"
        title="Order events"
        summary="When an ACP order is created or changes, the agent platform is told."
      >
        <List>
          <li>
            The merchant sets the agent&apos;s order-events URL. Each change is POSTed there as the webhook
            event of the session&apos;s version (<C>order_create</C>, then <C>order_update</C>), as described
            in that version&apos;s <C>openapi.agentic_checkout_webhook.yaml</C>.
          </li>
          <li>
            Events are signed with the merchant&apos;s webhook secret (<C>whsec_…</C>) in the{' '}
            <C>Merchant-Signature</C> header: for 2025-09-29 the hex HMAC-SHA256 of the body; for 2026-04-17{' '}
            <C>t=&lt;unix seconds&gt;,v1=&lt;hex HMAC-SHA256 of t.body&gt;</C>. <C>Timestamp</C> and{' '}
            <C>Request-Id</C> headers come with each event.
          </li>
          <li>
            Delivery is a durable job with retries and backoff when the endpoint fails or does not answer. The
            merchant can read the delivery log and ask for a redelivery.
          </li>
        </List>
        <H4>Receiving them in the sandbox</H4>
        <P>
          The sandbox has an agent platform&apos;s receiver: the <C>agent</C> simulator in <C>GET /__sim</C>.
          Point a merchant at it (or at your own receiver; plain <C>http</C> is accepted in sandbox) with{' '}
          <C>PUT /api/acp/agent-settings</C> and <C>{'{ "webhook_url": "…" }'}</C> while signed in as that
          merchant (the demo merchant&apos;s login is in <C>data/demo.json</C>), and create its webhook secret
          with <C>POST /api/acp/webhook-secret</C>. Give the simulator the secret with{' '}
          <C>{'POST {agent}/__sim/secret { "secret": "whsec_…" }'}</C>; <C>{'GET {agent}/__sim/events'}</C>{' '}
          then lists every event it received with its <C>raw_body</C>, <C>merchant_signature</C>,{' '}
          <C>timestamp</C>, <C>request_id</C> and <C>signature_valid</C> (with <C>signature_problem</C> when
          it did not verify). <C>{'POST {agent}/__sim/fail { "count": 3, "status": 503 }'}</C> fails the next
          deliveries, to watch the retries, and <C>{'POST {agent}/__sim/reset'}</C> empties the list.
        </P>
        <P>
          To verify an event yourself (2026-04-17): split <C>Merchant-Signature</C> into <C>t</C> and{' '}
          <C>v1</C>, compute the hex HMAC-SHA256 of <C>{'`${t}.${raw body}`'}</C> with the secret, compare it
          with <C>v1</C> in constant time, and refuse a <C>t</C> more than 5 minutes from your clock. In a
          shell: <C>{'printf \'%s.%s\' "$t" "$RAW_BODY" | openssl dgst -sha256 -hmac "$SECRET"'}</C>.
        </P>
      </DocSection>

      <DocSection
        id="acp-errors"
        title="ACP errors"
        summary={
          <>
            Errors use the ACP shape <C>{'{ type, code, message, param? }'}</C>; <C>param</C> is a JSONPath
            such as <C>$.items[0].quantity</C>.
          </>
        }
      >
        <RefTable
          caption="ACP error codes"
          columns={[
            { label: 'HTTP', mono: true },
            { label: 'type', mono: true },
            { label: 'code', mono: true },
            { label: 'When' },
          ]}
          rows={ACP_ERRORS}
        />
        <Note>
          Branch on the HTTP status and <C>type</C> first; more specific codes may be added.
        </Note>
      </DocSection>

      <DocSection
        id="acp-mcp"
        title="Checkout over MCP"
        summary="The same checkout as MCP tools, for agents built on the Model Context Protocol."
      >
        <P>
          <C>/mcp</C> serves ACP&apos;s MCP binding (2026-04-17) over MCP&apos;s Streamable HTTP transport:
          the tools <C>create_checkout_session</C>, <C>get_checkout_session</C>,{' '}
          <C>update_checkout_session</C>, <C>complete_checkout_session</C> and <C>cancel_checkout_session</C>.
          Each takes <C>meta</C> (what the REST headers carry: <C>api_version</C> always,{' '}
          <C>idempotency_key</C> on every write), the session <C>id</C> and <C>payload</C>, the REST body. A
          tool answers the session as its structured content; an ACP error is a JSON-RPC error <C>-32000</C>{' '}
          with the ACP error as <C>data</C>.
        </P>
        <P>
          Authenticate the connection with your API key as a Bearer token, in the client&apos;s configuration,
          never in tool arguments. Sessions, idempotency keys and rate limits are the same as over REST: a
          session created over MCP can be read at <C>/acp/checkout_sessions/&#123;id&#125;</C>
          and the other way round.
        </P>
        <CodeBlock title="MCP client configuration" code={ACP_MCP_CONFIG} />
        <CodeBlock title="List the tools (raw JSON-RPC)" code={ACP_MCP_LIST_TOOLS} />
      </DocSection>

      <DocSection
        id="acp-discovery"
        title="Discovery"
        summary="Three documents tell an agent what this platform offers and how to call it."
      >
        <List>
          <li>
            <a className={linkClass} href="/openapi.json">
              <C>/openapi.json</C>
            </a>
            : the OpenAPI 3.1 document of both APIs, the ACP checkout sessions and the agent API, with every
            request, answer, error and header; generate a client from it.
          </li>
          <li>
            <C>/.well-known/acp.json</C>: the ACP <C>DiscoveryResponse</C> of version 2026-04-17.
          </li>
          <li>
            <C>/.well-known/agent-commerce.json</C>: the platform, the ACP base URL, the versions, the payment
            methods, both APIs&apos; endpoints and their rate limits.
          </li>
        </List>
        <CodeBlock title="Fetch the discovery documents" code={ACP_DISCOVERY} />
      </DocSection>
    </DocGroup>
  );
}
