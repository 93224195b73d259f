import { Link } from 'react-router';
import { SETUP_KEY, SETUP_SIMULATORS, SETUP_START } from './agent-examples';
import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, H4, List, Note, P, RefTable } from './doc-blocks';

export function GettingStartedDocs() {
  return (
    <DocGroup
      id="getting-started"
      title="Getting started"
      intro="What a merchant sets up before an agent can buy, and how to try every call on a sandbox instance first."
    >
      <DocSection
        id="setup"
        title="Setup and sandbox"
        summary="A merchant connects a store and a payment account, then gives the agent an API key."
      >
        <List ordered>
          <li>
            <Link to="/auth" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Create a merchant account
            </Link>{' '}
            and follow onboarding.
          </li>
          <li>
            Connect the store the agent sells from: WooCommerce (REST API v3, WooCommerce 3.0 or later) or a
            custom API. The store stays the authority on products, prices and stock: every offer is priced
            from it, and every paid order is written back into it.
          </li>
          <li>
            Connect at least one payment account: Stripe for cards (Shared Payment Tokens), and OpenNode or
            CoinCorner for Bitcoin Lightning. Money settles in your own accounts.
          </li>
          <li>
            Generate the agent&apos;s API key in your dashboard settings and hand it to the agent developer.
          </li>
        </List>

        <H4>Try it on a sandbox instance</H4>
        <P>
          A sandbox instance runs with simulated Stripe, OpenNode, CoinCorner and WooCommerce services and a
          demo merchant that is already connected to all of them. Start one from the project folder; it
          listens on <C>http://localhost:3000</C> (another port with <C>PORT</C>) and prints the demo
          merchant&apos;s API key, which it also keeps in <C>data/demo.json</C>. The next block keeps the
          address, the key and the simulators&apos; addresses (they follow <C>PORT</C> too) in shell variables
          the examples use.
        </P>
        <CodeBlock title="Start a sandbox instance" code={SETUP_START} />
        <CodeBlock title="Keep the demo API key and list the simulators" code={SETUP_KEY} />
        <CodeBlock title="Simulators (answer, shortened)" kind="response" code={SETUP_SIMULATORS} />
        <P>
          The examples on this page run in order, top to bottom, against a fresh instance. The demo store
          sells outdoor gear in GBP; useful SKUs are <C>TEST-PRODUCT-001</C> (19.99, the onboarding test
          product), <C>PACK-20L-BLK</C> (39.99 on sale), <C>STOVE-TI-MINI</C> (54.95) and the variations of{' '}
          <C>TENT-2P</C> such as <C>TENT-2P-GRN</C> (189.00). <C>JKT-STORM-M</C> is out of stock and{' '}
          <C>TENT-2P</C> itself has no price, which is handy for trying the errors. The simulator controls
          under <C>/__sim</C> stand in for the buyer&apos;s side (a token from the assistant, a wallet paying
          an invoice) and exist in sandbox mode only.
        </P>
      </DocSection>

      <DocSection
        id="auth"
        title="Authentication"
        summary="Every request carries the merchant's API key; it identifies the merchant the agent buys from."
      >
        <P>
          Send the key as <C>Authorization: Bearer &lt;key&gt;</C>, or in an <C>apikey</C> header. Sandbox
          keys start <C>ak_test_</C> and live keys <C>ak_live_</C>, followed by 43 letters and digits.
        </P>
        <List>
          <li>
            The key is shown once when it is generated; only a hash is stored. Generating a new key replaces
            the old one at once (with several server instances, the read-only calls, offer and order, may
            accept the old key for up to 5 more seconds).
          </li>
          <li>Keep it on the agent&apos;s server. Never put it in a browser, an app bundle or a prompt.</li>
          <li>
            A missing or unknown key gets <C>401 UNAUTHORIZED</C>. After 30 refused keys in a minute from one
            address, that address gets <C>429 RATE_LIMIT</C> with <C>Retry-After: 60</C>.
          </li>
          <li>
            Rate limits count per key, so one agent cannot use up another merchant&apos;s allowance. See{' '}
            <a href="#errors" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Errors and limits
            </a>
            .
          </li>
        </List>
        <Note>
          The same key also authenticates the{' '}
          <a href="#acp" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            ACP checkout sessions API
          </a>
          .
        </Note>
      </DocSection>

      <DocSection
        id="test-fixtures"
        title="Test fixtures"
        summary="In sandbox mode the simulators mint the buyer's side of every outcome, like Stripe's test cards."
      >
        <P>
          Each simulator&apos;s address is in <C>GET /__sim</C> on the instance (<C>baseUrl</C> per
          simulator); the controls below are POSTs under it. A control refuses a field or a fixture it does
          not know, so a misspelt fixture fails loudly instead of paying with a good card.
        </P>
        <H4>Card: a Shared Payment Token per outcome</H4>
        <P>
          <C>POST {'{stripe}'}/__sim/granted_tokens</C> with <C>currency</C> and <C>max_amount</C> (minor
          units), and optionally <C>payment_method</C>, <C>expires_at</C> (unix seconds) and <C>account</C>:
        </P>
        <RefTable
          caption="Card token fixtures"
          columns={[{ label: 'Outcome' }, { label: 'Send', mono: true }, { label: 'The agent sees' }]}
          rows={[
            ['Approved', '(no payment_method)', 'The payment succeeds'],
            [
              'Declined',
              'payment_method: pm_card_chargeDeclined',
              '402 PAYMENT_DECLINED, decline_code generic_decline (ACP payment_declined)',
            ],
            [
              'Insufficient funds',
              'payment_method: pm_card_chargeDeclinedInsufficientFunds',
              '402, decline_code insufficient_funds',
            ],
            [
              'Expired card',
              'payment_method: pm_card_chargeDeclinedExpiredCard',
              '402, decline_code expired_card',
            ],
            ['Lost card', 'payment_method: pm_card_chargeDeclinedLostCard', '402, decline_code lost_card'],
            [
              '3-D Secure',
              'payment_method: pm_card_authenticationRequired',
              '402: a token charge cannot stop for the buyer to authenticate',
            ],
            ['Token limit', 'max_amount below the total', '402: the token allows less than the total'],
            [
              'Currency mismatch',
              'currency: eur (the store sells in gbp)',
              '402: the token is for another currency',
            ],
            ['Expired token', 'expires_at in the past', '402: the token has expired'],
          ]}
        />
        <H4>Lightning: the buyer&apos;s wallet</H4>
        <RefTable
          caption="Lightning invoice fixtures"
          columns={[{ label: 'Outcome' }, { label: 'Send', mono: true }, { label: 'The agent sees' }]}
          rows={[
            [
              'Paid',
              'POST {opennode}/__sim/charges/{invoice_id}/pay',
              'confirm answers ACCEPTED (ACP complete: 200 with the order)',
            ],
            [
              'Expired',
              'POST {opennode}/__sim/charges/{invoice_id}/expire',
              '402 PAYMENT_EXPIRED (ACP: a new invoice is on the session)',
            ],
            [
              'Underpaid',
              'POST {opennode}/__sim/charges/{invoice_id}/underpay',
              'The invoice stays unpaid: confirm keeps answering pending',
            ],
            [
              'Late',
              'POST …/expire, then POST …/pay',
              '402 PAYMENT_EXPIRED; money that arrives after is never an order: the payment shows Needs review for the merchant',
            ],
          ]}
        />
        <H4>The store</H4>
        <RefTable
          caption="Store fixtures"
          columns={[{ label: 'Outcome' }, { label: 'Send', mono: true }, { label: 'The agent sees' }]}
          rows={[
            [
              'Store down',
              'POST {woocommerce}/__sim/down (…/up to end it)',
              'Offers: 503 STORE_UNAVAILABLE with Retry-After: 5; a paid order is written once the store is back',
            ],
            [
              'Store slow',
              'POST {woocommerce}/__sim/latency with { "ms": 3000 }',
              'Slower answers; past the deadline, 503 with Retry-After',
            ],
            [
              'Out of stock',
              'POST {woocommerce}/__sim/products/{sku}/stock with { "quantity": 0 }',
              'The offer names the item out_of_stock',
            ],
          ]}
        />
        <Note>
          Every simulator also takes <C>/__sim/down</C>, <C>/__sim/up</C> and <C>/__sim/latency</C>, so the
          card and Lightning providers can be taken down the same way (503 PROVIDER_UNAVAILABLE).
        </Note>
      </DocSection>
    </DocGroup>
  );
}
