import { PRODUCT_NAME } from '#common/domain/brand';
import {
  BTC_ACCEPTED_RESPONSE,
  BTC_CHECKOUT_REQUEST,
  BTC_CHECKOUT_RESPONSE,
  BTC_PAY_SANDBOX,
  BTC_PENDING_RESPONSE,
  BTC_POLL,
  COINCORNER_BTC,
} from './agent-examples';
import { CodeBlock } from './code-block';
import { C, DocGroup, DocSection, H4, List, Note, P, RefTable } from './doc-blocks';

export function BitcoinDocs() {
  return (
    <DocGroup
      id="bitcoin-payments"
      title="Bitcoin payments"
      intro="Lightning invoices are created by, and settle to, the merchant's own OpenNode or CoinCorner account. The agent API is the same for both; only the invoice details differ."
    >
      <DocSection
        id="bitcoin"
        title="Lightning payment flow"
        summary="Checkout creates the invoice, the buyer pays it from any Lightning wallet, and the agent polls confirm until it is paid."
      >
        <List ordered>
          <li>
            Request an offer as in{' '}
            <a href="#offer" className="font-medium text-brand-700 underline-offset-4 hover:underline">
              Offer
            </a>{' '}
            (run it again for a fresh <C>OFFER_ID</C> if you just paid one by card).
          </li>
          <li>
            Check out with <C>{'"payment": { "method": "btc" }'}</C>. The invoice is created on the
            merchant&apos;s provider straight away, for the offer total with shipping, and expires after the
            merchant&apos;s invoice expiry setting: 5 to 60 minutes, 15 by default.
          </li>
          <li>
            Show the buyer <C>btc.payment_request</C> (a BOLT11 invoice, for a QR code or a wallet link) or
            send them to <C>btc.payment_url</C>, the provider&apos;s payment page.
          </li>
          <li>
            Poll confirm every 3 to 5 seconds until it answers <C>ACCEPTED</C>, or a 402 says the invoice
            expired (<C>PAYMENT_EXPIRED</C>) or the payment failed (<C>PAYMENT_DECLINED</C>). A paid invoice
            usually settles in under 30 seconds.
          </li>
        </List>
        <CodeBlock title="Request: checkout with Bitcoin" code={BTC_CHECKOUT_REQUEST} />
        <CodeBlock title="Response 201, Bitcoin" kind="response" code={BTC_CHECKOUT_RESPONSE} />
        <CodeBlock title="Pay the invoice (sandbox)" code={BTC_PAY_SANDBOX} />
        <CodeBlock title="Poll confirm every 4 seconds" code={BTC_POLL} />
        <CodeBlock title="Response 200 while unpaid" kind="response" code={BTC_PENDING_RESPONSE} />
        <CodeBlock title="Response 200 once paid" kind="response" code={BTC_ACCEPTED_RESPONSE} />
        <H4>What the agent sees while it waits</H4>
        <RefTable
          caption="Lightning confirm answers"
          columns={[{ label: 'Answer', mono: true }, { label: 'Meaning and next step' }]}
          rows={[
            ['200, payment_status pending', 'Not paid yet. Poll again in 3 to 5 seconds.'],
            [
              '200, payment_status processing',
              'The provider has seen the payment and is settling it. Keep polling.',
            ],
            [
              '200, payment_status needs_review',
              'The wrong amount arrived (OpenNode reports underpaid invoices). The merchant has to look; keep polling or ask the buyer to contact the merchant.',
            ],
            [
              '200, status ACCEPTED',
              <>
                Paid: <C>order_id</C> and <C>adapter_ref</C> as for a card.
              </>,
            ],
            ['402 PAYMENT_EXPIRED', 'The invoice expired unpaid. Start a new checkout for a new invoice.'],
            ['402 PAYMENT_DECLINED', 'The provider cancelled or refunded the invoice.'],
          ]}
        />
        <Note>
          Payments are also settled without the agent: the provider notifies {PRODUCT_NAME} and a background
          job checks open invoices every 2 minutes. If that happens first, the agent&apos;s next confirm still
          answers <C>ACCEPTED</C> with the order once; confirms after that get{' '}
          <C>409 CHECKOUT_ALREADY_PROCESSED</C> with <C>details.order_id</C>.
        </Note>
        <Note tone="warning">
          The confirm limit (30 a minute) counts every confirm of the key. One checkout polled every 4 seconds
          uses 15 a minute; poll several open invoices more slowly, or stagger them.
        </Note>
      </DocSection>

      <DocSection
        id="opennode"
        title="OpenNode"
        summary="Invoices are OpenNode charges on the merchant's account."
      >
        <List>
          <li>
            The merchant connects an OpenNode API key with the Invoices permission (OpenNode dashboard ›
            Integrations › API keys). Sandbox instances use the OpenNode simulator.
          </li>
          <li>
            <C>btc.provider</C> is <C>opennode</C>; <C>payment_url</C> is OpenNode&apos;s hosted checkout
            page, whose last path segment is the charge id. There is no <C>onchain_address</C>: pay over
            Lightning.
          </li>
          <li>
            The charge is priced in the offer&apos;s currency; <C>amount_sats</C> is what the wallet pays. An
            underpaid charge shows as <C>needs_review</C>.
          </li>
          <li>
            OpenNode notifies {PRODUCT_NAME} at <C>{'{PUBLIC_URL}/webhooks/payments/opennode/{merchant}'}</C>;
            the URL is sent with every charge, so there is nothing to configure at OpenNode.
          </li>
        </List>
      </DocSection>

      <DocSection
        id="coincorner"
        title="CoinCorner"
        summary="Invoices are CoinCorner orders on the merchant's account, with an on-chain address as well."
      >
        <List>
          <li>
            The merchant connects a CoinCorner API key, API secret and account ID (CoinCorner › Account ›
            API). Every request to CoinCorner is signed with them.
          </li>
          <li>
            <C>btc.provider</C> is <C>coincorner</C>, and <C>btc.onchain_address</C> is present: a Bitcoin
            address the buyer can pay on-chain instead of over Lightning. Expect on-chain payments to take
            longer to confirm (<C>payment_status</C> <C>processing</C> while CoinCorner waits for
            confirmation).
          </li>
          <li>
            <C>expires_at</C> is the earlier of CoinCorner&apos;s own order expiry and the merchant&apos;s
            invoice expiry.
          </li>
          <li>
            CoinCorner settles in GBP or EUR. A USD basket is still shown and charged in USD to the buyer, but
            settles to the merchant in GBP.
          </li>
          <li>
            CoinCorner notifies {PRODUCT_NAME} at{' '}
            <C>{'{PUBLIC_URL}/webhooks/payments/coincorner/{merchant}'}</C>, sent with every order.
          </li>
        </List>
        <CodeBlock
          title="The btc object from CoinCorner (illustration)"
          kind="response"
          code={COINCORNER_BTC}
        />
        <P>
          The demo merchant of a sandbox instance uses OpenNode. For a sandbox merchant connected to
          CoinCorner, the CoinCorner simulator (<C>http://127.0.0.1:4002/__sim</C> lists its credentials and
          controls) pays an invoice with its <C>orders/{'{id}'}/pay</C> control.
        </P>
      </DocSection>
    </DocGroup>
  );
}
