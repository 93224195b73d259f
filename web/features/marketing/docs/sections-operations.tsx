import type { ReactNode } from 'react';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import { ERROR_EXAMPLE, RATE_LIMIT_EXAMPLE, UNSELLABLE_EXAMPLE } from './agent-examples';
import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, H4, List, Note, P, RefTable } from './doc-blocks';

/** Every error_code the agent API answers with (common/api/agent.ts AGENT_ERROR_CODES), with its status. */
export const AGENT_ERRORS: { status: number; code: string; when: ReactNode }[] = [
  {
    status: 400,
    code: 'VALIDATION_ERROR',
    when: (
      <>
        The body is not valid JSON or a field is wrong (<C>details.fields</C> lists each with a message); an
        item cannot be sold (<C>details.items</C>); the currency is not the store&apos;s;{' '}
        <C>payment.amount</C> or <C>payment.currency</C> differ from the offer (<C>details.expected_amount</C>
        ); an unknown shipping option (<C>details.available</C>); the merchant has not connected the store or
        the payment method; an <C>Idempotency-Key</C> over 255 characters.
      </>
    ),
  },
  {
    status: 400,
    code: 'INVALID_CHECKOUT',
    when: (
      <>
        Unknown or expired offer, unknown checkout, or at confirm: prices changed since the offer, or an item
        can no longer be sold. Request a new offer.
      </>
    ),
  },
  { status: 401, code: 'UNAUTHORIZED', when: 'The API key is missing or not valid.' },
  {
    status: 402,
    code: 'PAYMENT_DECLINED',
    when: (
      <>
        The card was declined or the token does not allow the amount (<C>details.decline_code</C>), or a
        Lightning invoice was cancelled. The checkout is over.
      </>
    ),
  },
  {
    status: 402,
    code: 'PAYMENT_EXPIRED',
    when: 'A card checkout was not confirmed within 30 minutes, or the Lightning invoice expired unpaid.',
  },
  {
    status: 403,
    code: 'FORBIDDEN',
    when: 'The merchant allows its API key only from listed IP addresses, and this request came from another.',
  },
  { status: 404, code: 'NOT_FOUND', when: 'No such order for this merchant.' },
  {
    status: 409,
    code: 'IDEMPOTENCY_CONFLICT',
    when: (
      <>
        The <C>Idempotency-Key</C> was used with another body, or its first request is still running (
        <C>details.in_flight</C>, <C>Retry-After: 1</C>).
      </>
    ),
  },
  {
    status: 409,
    code: 'CHECKOUT_ALREADY_PROCESSED',
    when: (
      <>
        The checkout was already confirmed; <C>details.status</C> says how it ended and, if accepted,{' '}
        <C>details.order_id</C> and <C>details.adapter_ref</C> name the order.
      </>
    ),
  },
  {
    status: 429,
    code: 'RATE_LIMIT',
    when: (
      <>
        Too many requests; wait the <C>Retry-After</C> seconds.
      </>
    ),
  },
  {
    status: 500,
    code: 'INTERNAL_ERROR',
    when: 'Something failed on our side. It is logged; retry, and quote the correlation_id if it persists.',
  },
  {
    status: 503,
    code: 'STORE_UNAVAILABLE',
    when: (
      <>
        The merchant&apos;s store is not answering. <C>Retry-After: 5</C>.
      </>
    ),
  },
  {
    status: 503,
    code: 'PROVIDER_UNAVAILABLE',
    when: (
      <>
        Stripe or the Bitcoin provider is not answering; a card confirm can safely be repeated.{' '}
        <C>Retry-After: 5</C>.
      </>
    ),
  },
];

/** The agent endpoints' rate limits, per API key and endpoint, per minute. */
export const RATE_LIMITS: { endpoint: string; perMinute: number }[] = [
  { endpoint: 'offer', perMinute: 100 },
  { endpoint: 'checkout', perMinute: 30 },
  { endpoint: 'confirm', perMinute: 30 },
  { endpoint: 'order', perMinute: 100 },
];

export function OperationsDocs() {
  return (
    <DocGroup
      id="operations"
      title="Running in production"
      intro="Errors, limits, going live and fixing the usual problems."
    >
      <DocSection
        id="errors"
        title="Errors and limits"
        summary="Every agent API error has the same JSON shape and a machine-readable code."
      >
        <CodeBlock title="Error body (400)" kind="response" code={ERROR_EXAMPLE} />
        <List>
          <li>
            <C>error</C>: a sentence for people. <C>error_code</C>: what to branch on. <C>details</C>: an
            object, empty or with the fields named below.
          </li>
          <li>
            <C>correlation_id</C>: the request&apos;s id, also sent as the <C>X-Request-Id</C> header of every
            answer. Quote it to support.
          </li>
        </List>
        <RefTable
          caption="Agent API error codes"
          columns={[{ label: 'HTTP', mono: true }, { label: 'error_code', mono: true }, { label: 'When' }]}
          rows={AGENT_ERRORS.map((e) => [String(e.status), e.code, e.when])}
        />
        <CodeBlock title="Items that cannot be sold (400)" kind="response" code={UNSELLABLE_EXAMPLE} />

        <H4>Rate limits</H4>
        <P>
          Limits count per API key and per endpoint over a minute. Answers carry <C>X-RateLimit-Limit</C>,{' '}
          <C>X-RateLimit-Remaining</C> and <C>X-RateLimit-Reset</C> (seconds); a 429 adds <C>Retry-After</C>.
        </P>
        <RefTable
          caption="Rate limits per API key"
          columns={[{ label: 'Endpoint', mono: true }, { label: 'Requests per minute' }]}
          rows={RATE_LIMITS.map((l) => [l.endpoint, String(l.perMinute)])}
        />
        <CodeBlock title="Response 429" kind="response" code={RATE_LIMIT_EXAMPLE} />
        <P>
          Retry 429 and 503 after <C>Retry-After</C>, and 500 after a short pause, with the same{' '}
          <C>Idempotency-Key</C>. Do not retry other 4xx answers unchanged: fix the request, or start again
          from a new offer.
        </P>
      </DocSection>

      <DocSection id="production" title="Going to production" summary="A checklist for taking real money.">
        <List ordered>
          <li>
            <strong className="text-slate-900">Live mode.</strong> A self-hosted instance runs live with{' '}
            <C>APP_MODE=live</C> and refuses to start until <C>PUBLIC_URL</C>, <C>DATABASE_URL</C>,{' '}
            <C>AUTH_SECRET</C> and <C>ENCRYPTION_KEY</C> are set. There are no simulators and no <C>/__sim</C>{' '}
            in live mode.
          </li>
          <li>
            <strong className="text-slate-900">Live keys.</strong> Keys generated in live mode start{' '}
            <C>ak_live_</C>. Generate one for the agent, store it in the agent&apos;s secret store, and rotate
            it if it may have leaked (generating a new key revokes the old one).
          </li>
          <li>
            <strong className="text-slate-900">Live payment accounts.</strong> Connect Stripe with live
            credentials and OpenNode or CoinCorner with production API keys, and set the invoice expiry (5 to
            60 minutes) to suit your buyers.
          </li>
          <li>
            <strong className="text-slate-900">Webhooks.</strong> OpenNode and CoinCorner notify{' '}
            <C>{'{PUBLIC_URL}/webhooks/payments/{provider}/{merchant}'}</C>; the URL goes with each invoice,
            so <C>PUBLIC_URL</C> must be the public HTTPS address that reaches the server. For ACP agents, set
            the agent&apos;s order-events endpoint (see{' '}
            <a href="#acp-webhooks" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              order events
            </a>
            ).
          </li>
          <li>
            <strong className="text-slate-900">Several instances.</strong> Set <C>REDIS_URL</C> so every
            instance shares the rate-limit counters, and <C>TRUST_PROXY</C> behind a load balancer so limits
            and logs see the client address.
          </li>
          <li>
            <strong className="text-slate-900">A real order.</strong> Place one small order end to end by card
            and one by Lightning, check it arrives in the store, then refund it in Stripe or your Bitcoin
            provider. {PRODUCT_NAME} never holds the money, so refunds happen there.
          </li>
        </List>
      </DocSection>

      <DocSection
        id="troubleshooting"
        title="Troubleshooting"
        summary="The usual problems, what causes them and what to do."
      >
        <RefTable
          caption="Common problems"
          columns={[{ label: 'Symptom' }, { label: 'Cause and fix' }]}
          rows={[
            [
              <C key="a">401 UNAUTHORIZED, Invalid API key</C>,
              'The key was rotated or mistyped, or a sandbox key is used on a live instance. Generate a new key and update the agent.',
            ],
            [
              <C key="a">400 VALIDATION_ERROR, not connected</C>,
              'The merchant has not connected a store, Stripe (card) or a Bitcoin provider (btc). Connect it in the dashboard.',
            ],
            [
              <C key="a">details.items: unknown_sku</C>,
              'The SKU is not in the store, or it is the parent of a variable product: use the variation’s SKU.',
            ],
            [
              <C key="a">400 INVALID_CHECKOUT at checkout</C>,
              'The offer is older than 15 minutes, or belongs to another merchant. Request a new offer.',
            ],
            [
              <C key="a">402 PAYMENT_DECLINED at confirm</C>,
              'Check details.decline_code. A token limit error means the Shared Payment Token allows less than the total or another currency: ask for a token for the checkout amount.',
            ],
            [
              <C key="a">402 PAYMENT_EXPIRED</C>,
              'The card checkout waited more than 30 minutes, or the invoice expired. Start a new checkout (and a new offer if it is older than 15 minutes).',
            ],
            [
              <C key="a">Lightning confirm stays pending</C>,
              'The invoice is not paid yet. Check the wallet paid the exact payment_request before expires_at. The provider webhook and a 2-minute job also settle it.',
            ],
            [
              <C key="a">adapter_ref is null</C>,
              'The store could not be reached when the order was paid. The order is kept and written by a retrying job; read the order endpoint for store_order_id.',
            ],
            [
              <C key="a">409 CHECKOUT_ALREADY_PROCESSED</C>,
              'A retry without the original Idempotency-Key. Use details.order_id, or retry with the same key to replay the first answer.',
            ],
            [
              <C key="a">429 RATE_LIMIT</C>,
              'Slow down: wait Retry-After seconds; poll Lightning every 3 to 5 seconds, not faster.',
            ],
          ]}
        />
        <Note>
          Still stuck? E-mail{' '}
          <a
            href={`mailto:${SUPPORT_EMAIL}`}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {SUPPORT_EMAIL}
          </a>{' '}
          with the <C>correlation_id</C> of the failing answer.
        </Note>
      </DocSection>
    </DocGroup>
  );
}
