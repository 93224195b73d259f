import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, List, Note, P, RefTable } from './doc-blocks';
import {
  UCP_CHECKOUT,
  UCP_COMPLETE_CARD,
  UCP_COMPLETE_LIGHTNING,
  UCP_CREATE,
  UCP_ORDER,
  UCP_PROFILE,
} from './ucp-examples';

const UCP_ENDPOINTS: [string, string, string][] = [
  ['GET', '/.well-known/ucp', '200: your business profile'],
  ['POST', '/ucp/checkout-sessions', '201: the new checkout'],
  ['GET', '/ucp/checkout-sessions/{id}', '200: the checkout'],
  ['PUT', '/ucp/checkout-sessions/{id}', '200: the checkout, each field sent replaced (line_items required)'],
  ['POST', '/ucp/checkout-sessions/{id}/complete', '200: the completed checkout with its order'],
  ['POST', '/ucp/checkout-sessions/{id}/cancel', '200: the canceled checkout'],
  ['GET', '/ucp/orders/{id}', '200: the order'],
];

/** UCP protocol errors: `{code, content}` with these statuses. Business outcomes are HTTP 200 messages. */
const UCP_ERRORS: [string, string, string][] = [
  ['400', 'invalid_profile_url', 'UCP-Agent missing, or without profile="https://…".'],
  ['400', 'invalid_request', 'A body that is not JSON or does not validate; content names the field.'],
  ['400', 'raw_card_refused', 'A credential carrying a card number, CVC or cryptogram.'],
  ['400', 'invalid_credential', 'A card credential that is not {"type": "spt", "token": "spt_…"}.'],
  ['400', 'digest_mismatch', 'Signed requests: Content-Digest is not the sha-256 of the body.'],
  ['401', 'unauthorized', 'API key missing or not valid.'],
  ['401', 'signature_missing', 'Your signature policy is strict and the request is not signed.'],
  ['401', 'signature_invalid', 'The RFC 9421 signature does not verify, or misses a required component.'],
  ['401', 'key_not_found', "The keyid is not in your profile's signing_keys."],
  ['403', 'forbidden', "The caller's address is not on the key's allowlist."],
  ['409', 'idempotency_conflict', 'An Idempotency-Key reused with another request.'],
  ['422', 'version_unsupported', 'A UCP-Agent version other than 2026-04-08 (with continue_url).'],
  ['424', 'profile_unreachable', 'Signed requests: your platform profile could not be read.'],
  ['429', 'rate_limit_exceeded', 'Too many requests; wait for Retry-After.'],
];

/**
 * The Universal Commerce Protocol front door: discovery, the checkout lifecycle, the two payment handlers
 * (their `spec` URLs in the business profile point at #ucp-card-handler and #ucp-lightning-handler, so
 * those ids never change), orders and errors.
 */
export function UcpDocs() {
  return (
    <DocGroup
      id="ucp-protocol"
      title="Universal Commerce Protocol"
      intro={
        <>
          The same checkout for platforms that speak UCP 2026-04-08: one engine behind UCP, ACP and the agent
          API, so a checkout is charged once whichever door completes it.
        </>
      }
    >
      <DocSection
        id="ucp"
        title="Business profile and endpoints"
        summary="Your profile names your REST endpoint, capabilities, payment handlers and signing key."
      >
        <P>
          <C>GET /.well-known/ucp</C> with your API key answers your business profile: the{' '}
          <C>dev.ucp.shopping</C> service at <C>/ucp</C>, the checkout, fulfillment and order capabilities,
          the payment handlers you take, and an ES256 (P-256) public key of your own in <C>signing_keys</C>.
          Authenticate every call with your API key as a Bearer token or in <C>X-API-Key</C>, and name your
          platform&apos;s profile in <C>UCP-Agent</C>.
        </P>
        <CodeBlock title="Read your business profile" code={UCP_PROFILE} />
        <RefTable
          caption="UCP endpoints"
          columns={[{ label: 'Method', mono: true }, { label: 'Path', mono: true }, { label: 'Answers' }]}
          rows={UCP_ENDPOINTS}
        />
      </DocSection>

      <DocSection
        id="ucp-checkout"
        title="Checkout lifecycle"
        summary="Create, update, complete or cancel; prices in integer minor units, one subtotal and one total."
      >
        <P>
          A checkout moves through <C>incomplete</C>, <C>requires_escalation</C>, <C>ready_for_complete</C>,{' '}
          <C>complete_in_progress</C>, <C>completed</C> and <C>canceled</C>. Item problems (unknown item, out
          of stock, a quantity beyond stock) and a declined card are HTTP 200 answers with <C>messages</C>{' '}
          that point at the field. Send an <C>Idempotency-Key</C> on every write: an identical retry within 24
          hours gets the first answer again.
        </P>
        <CodeBlock title="Create a checkout" code={UCP_CREATE} />
        <CodeBlock title="The checkout (shortened)" code={UCP_CHECKOUT} kind="response" />
      </DocSection>

      <DocSection
        id="ucp-card-handler"
        title="Card handler"
        summary="Pay by card with a Stripe Shared Payment Token minted for the merchant's own Stripe account."
      >
        <List>
          <li>
            Handler <C>com.stripe.shared_payment_token</C>, instance id <C>stripe_spt</C>, instruments of type{' '}
            <C>card</C>.
          </li>
          <li>
            Credential <C>{'{"type": "spt", "token": "spt_…"}'}</C>; the token is charged on the
            merchant&apos;s Stripe account and never echoed back.
          </li>
          <li>
            Raw card numbers are refused with <C>raw_card_refused</C> before anything reads them.
          </li>
        </List>
        <CodeBlock title="Complete by card" code={UCP_COMPLETE_CARD} />
      </DocSection>

      <DocSection
        id="ucp-lightning-handler"
        title="Lightning handler"
        summary="Pay in Bitcoin over Lightning: the checkout escalates to the invoice's payment page."
      >
        <P>
          The handler <C>com.agentcart.lightning</C> (instance id <C>lightning</C>) takes instruments of type{' '}
          <C>lightning</C> with no credential. The checkout answers <C>requires_escalation</C> with a{' '}
          <C>requires_buyer_input</C> message and a <C>continue_url</C>: the invoice&apos;s payment page. Hand
          it to the buyer; once the invoice is paid, the order is placed exactly once and the next read or
          complete shows it.
        </P>
        <CodeBlock title="Complete by Lightning" code={UCP_COMPLETE_LIGHTNING} />
        <Note>
          A card complete after a Lightning escalation withdraws the invoice, so the buyer cannot pay twice.
        </Note>
      </DocSection>

      <DocSection
        id="ucp-orders"
        title="Orders and errors"
        summary="Read the order a completed checkout placed; protocol errors come as {code, content}."
      >
        <CodeBlock title="Read an order" code={UCP_ORDER} />
        <RefTable
          caption="UCP protocol errors"
          columns={[{ label: 'HTTP', mono: true }, { label: 'code', mono: true }, { label: 'When' }]}
          rows={UCP_ERRORS}
        />
        <Note>An unknown checkout or order is HTTP 200 with a not_found message, as UCP specifies.</Note>
        <P>
          Order webhooks: when an order placed through UCP is created or changes, the full order (the body
          above) is POSTed to the <C>webhook_url</C> of the <C>dev.ucp.shopping.order</C> capability in the
          platform profile your <C>UCP-Agent</C> header named. Each carries <C>Webhook-Id</C> and{' '}
          <C>Webhook-Timestamp</C> (the same on every retry of one event), <C>UCP-Agent</C> naming the
          business profile, <C>Content-Digest</C>, and an RFC 9421 signature (ES256, raw r‖s) whose{' '}
          <C>keyid</C> is in the business profile&apos;s <C>signing_keys</C>. Answer 2xx; anything else is
          retried with backoff.
        </P>
        <P>
          Money given back and cancellations are <C>adjustments</C>: one of type <C>refund</C> per refund (its
          total negative; <C>pending</C>, then <C>completed</C> or <C>failed</C>). A cancelled order has every
          line <C>removed</C> (<C>quantity.total</C> 0) and one adjustment of type <C>cancellation</C> taking
          each line back (negative quantities) with no total, so summing adjustment totals counts the refund
          once.
        </P>
        <P>
          Signed requests: when the merchant&apos;s signature policy is strict, every request must carry an
          RFC 9421 signature covering <C>@method</C>, <C>@authority</C>, <C>@path</C>, <C>ucp-agent</C>,{' '}
          <C>idempotency-key</C> on writes and <C>content-digest</C> with <C>content-type</C> when there is a
          body, made with a key published in your platform profile&apos;s <C>signing_keys</C>.
        </P>
      </DocSection>
    </DocGroup>
  );
}
