import { Link } from 'react-router';
import { SETUP_KEY, SETUP_SIMULATORS, SETUP_START } from './agent-examples';
import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, H4, List, Note, P } from './doc-blocks';

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
          listens on <C>http://localhost:3000</C> and prints the demo merchant&apos;s API key, which it also
          keeps in <C>data/demo.json</C>.
        </P>
        <CodeBlock title="Start a sandbox instance" code={SETUP_START} />
        <CodeBlock title="Keep the demo API key and list the simulators" code={SETUP_KEY} />
        <CodeBlock title="Simulators (answer, shortened)" kind="response" code={SETUP_SIMULATORS} />
        <P>
          The examples on this page run in order against that instance. The demo store sells outdoor gear in
          GBP; useful SKUs are <C>TEST-PRODUCT-001</C> (19.99, the onboarding test product),{' '}
          <C>PACK-20L-BLK</C> (39.99 on sale), <C>STOVE-TI-MINI</C> (54.95) and the variations of{' '}
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
    </DocGroup>
  );
}
