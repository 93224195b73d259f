import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import { TRIAL_DAYS } from '#common/domain/limits';
import { LegalDocument, type LegalSection } from '#web/features/marketing/info/legal-document';
import { useSeo } from '#web/lib/use-seo';

const UPDATED = { iso: '2026-11-21', label: '21 November 2026' };

const Mail = () => <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const SECTIONS: LegalSection[] = [
  {
    id: 'about',
    title: 'About these terms',
    content: (
      <>
        <p>
          These Terms of Service (the &ldquo;Terms&rdquo;) form a contract between you and {PRODUCT_NAME}{' '}
          (&ldquo;{PRODUCT_NAME}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;, &ldquo;our&rdquo;), a business
          based in the United Kingdom. They govern your use of our website, the merchant dashboard, the agent
          API and every related feature (together, the &ldquo;Service&rdquo;).
        </p>
        <p>
          By creating an account or using the Service you accept these Terms. If you accept them on behalf of
          a company or other organisation, you confirm that you have authority to bind it, and
          &ldquo;you&rdquo; means that organisation.
        </p>
        <p>
          The Service is provided to businesses only. You must be at least 18 years old and use the Service
          for the purposes of your trade, business or profession. It is not offered to consumers.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    content: (
      <>
        <p>
          {PRODUCT_NAME} is a software platform that connects your existing online store to AI shopping
          agents, such as ChatGPT Instant Checkout, using the Agentic Commerce Protocol (ACP). Through the
          Service an agent can request product offers, open a checkout, and confirm an order that is then
          created in your store.
        </p>
        <p>
          {PRODUCT_NAME} is <strong>not a payment gateway, bank or money services business</strong>. Payments
          are taken by the payment providers you connect and settle directly into your own accounts with them.
        </p>
        <ul>
          <li>
            Store platforms currently supported are WooCommerce and a custom API integration. Platforms marked
            &ldquo;coming soon&rdquo; on our <Link to="/supported">supported platforms</Link> page are not
            part of the Service until we release them.
          </li>
          <li>
            Card payments use Stripe and the Shared Payment Tokens that AI agents hand over. Bitcoin Lightning
            payments use OpenNode or CoinCorner.
          </li>
          <li>
            Agent checkout is currently available to shoppers in the United States only. Availability depends
            on the AI agent platforms and payment providers involved and may change.
          </li>
        </ul>
        <p>
          We continually improve the Service and may add, change or remove features. If we remove a feature
          that is material to a paid plan, we will give you reasonable notice. Features labelled beta or
          preview are offered as they are and may change or end at any time.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    content: (
      <>
        <p>To use the Service you need an account. You agree to:</p>
        <ul>
          <li>give accurate, complete information when you register and keep it up to date;</li>
          <li>keep your password and sign-in sessions secure and not share your account with others;</li>
          <li>
            tell us promptly at <Mail /> if you suspect unauthorised access to your account;
          </li>
          <li>
            be responsible for everything done through your account, including by people you allow to use it.
          </li>
        </ul>
        <p>
          For your protection, sessions expire automatically after a period of inactivity and after a maximum
          of 24 hours. We may ask you to verify your identity or business before enabling certain features.
        </p>
      </>
    ),
  },
  {
    id: 'merchant-of-record',
    title: 'Merchant of record and funds',
    content: (
      <>
        <p>
          <strong>You are the merchant of record</strong> for every sale made through the Service. The
          contract of sale is between you and your customer, and you are responsible for:
        </p>
        <ul>
          <li>your products, their descriptions, prices, availability and lawful sale;</li>
          <li>fulfilment, delivery, returns and customer service;</li>
          <li>
            refunds, disputes and chargebacks, which you handle in your own payment provider accounts, for
            example your Stripe dashboard;
          </li>
          <li>taxes, including VAT or sales tax, and compliance with consumer protection law;</li>
          <li>any information your customers are entitled to receive before and after a purchase.</li>
        </ul>
        <p>
          <strong>{PRODUCT_NAME} never holds, receives or controls buyer funds.</strong> Payments settle
          directly from your customer to your connected payment providers. We do not hold balances on your
          behalf, we cannot reverse or redirect payments, and we are not a party to the sale.
        </p>
        <p>
          Bitcoin Lightning payments are final once settled and cannot be charged back. If you want to refund
          a Lightning payment, you arrange that directly with your customer and your Bitcoin provider.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees, trial and billing',
    content: (
      <>
        <h3>Free trial</h3>
        <p>
          New accounts start with a {TRIAL_DAYS}-day free trial. You do not need to enter payment details to
          start the trial. At the end of it you can move to the free Starter plan or choose a paid plan.
        </p>
        <h3>Plans and fees</h3>
        <p>
          Our plans (Starter, Growth, Scale and Enterprise), their monthly subscription fees, the platform fee
          on transactions and any order allowance are set out on our <Link to="/pricing">pricing page</Link>,
          or in a separate order form for Enterprise customers. Prices are shown in pounds sterling, euros or
          US dollars and exclude VAT and other taxes, which are added where applicable.
        </p>
        <p>
          Fees charged by your payment providers (for example Stripe&rsquo;s card processing fees or your
          Bitcoin provider&rsquo;s fees) are separate, set by them and payable to them.
        </p>
        <h3>Billing</h3>
        <ul>
          <li>Subscription fees are billed monthly in advance through Stripe until you cancel.</li>
          <li>Upgrades take effect immediately. Downgrades take effect from your next billing cycle.</li>
          <li>
            You can cancel at any time from your dashboard. Cancellation takes effect at the end of the
            current billing period and you keep access until then.
          </li>
          <li>
            If a payment fails we will tell you and try again. If it remains unpaid 14 days after we have
            notified you, we may suspend paid features until it is settled.
          </li>
          <li>
            We may change our prices by giving you at least 30 days&rsquo; notice. The new price applies from
            your next billing cycle after the notice period ends.
          </li>
        </ul>
        <h3>30-day money-back guarantee</h3>
        <p>
          If you are not satisfied with a paid plan, e-mail <Mail /> within 30 days of your first subscription
          payment and we will refund that subscription fee in full. The guarantee applies once per customer
          and does not cover fees charged by your payment providers. Otherwise, fees already paid are not
          refundable except where the law requires.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    content: (
      <>
        <p>You must not use the Service, or allow it to be used, to:</p>
        <ul>
          <li>
            sell goods or services that are illegal, or that your payment providers or the AI agent platform
            prohibit;
          </li>
          <li>mislead customers about your products, prices, delivery times or identity;</li>
          <li>commit or facilitate fraud, money laundering, terrorist financing or sanctions evasion;</li>
          <li>infringe anyone&rsquo;s intellectual property, privacy or other rights;</li>
          <li>
            probe, scan or test the vulnerability of the Service, bypass its security, rate limits or usage
            limits, or interfere with its operation;
          </li>
          <li>upload malware or send requests designed to overload the Service;</li>
          <li>
            copy, resell or sublicense the Service, or reverse engineer it except to the extent the law allows
            despite this restriction.
          </li>
        </ul>
        <p>
          You must also comply with the terms and policies of the AI agent platforms through which you sell,
          including any merchant requirements they set for instant checkout.
        </p>
      </>
    ),
  },
  {
    id: 'api',
    title: 'API use and API keys',
    content: (
      <>
        <p>
          The agent API lets AI agents and your own systems act on your store through the Service. Access
          requires an API key that you generate in your dashboard.
        </p>
        <ul>
          <li>
            Treat API keys as secrets. Keep them on servers you control and never place them in web pages,
            mobile apps or public code repositories.
          </li>
          <li>
            We store only a one-way hash of each key, so we cannot show it to you again. If a key may have
            been exposed, generate a new one straight away; doing so replaces the old key.
          </li>
          <li>You are responsible for all requests made with your API keys.</li>
          <li>
            Requests are rate limited to protect the Service. We may throttle, suspend or revoke a key that is
            being misused or that puts the Service or other merchants at risk, and we will tell you when we
            do.
          </li>
          <li>
            We aim to keep the API stable. We will give reasonable advance notice of changes that stop
            existing integrations from working, except where a change is needed urgently for security or legal
            reasons.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'third-parties',
    title: 'Third-party providers',
    content: (
      <>
        <p>The Service works with services run by other companies, including:</p>
        <ul>
          <li>payment providers: Stripe for cards, and OpenNode or CoinCorner for Bitcoin Lightning;</li>
          <li>store platforms: WooCommerce, or your own store through the custom API integration;</li>
          <li>AI agent platforms, such as ChatGPT Instant Checkout.</li>
        </ul>
        <p>
          Your use of each of these services is governed by your own agreement with its provider. You must
          hold and keep in good standing your own accounts with them. We are not responsible for their
          availability, fees, decisions (such as declining a payment, holding a payout or closing an account)
          or the way they handle data.
        </p>
        <p>
          When you connect a provider, you authorise us to access it on your behalf, using the credentials or
          authorisation you give us, only as needed to provide the Service. We encrypt stored provider
          credentials. You can disconnect a provider at any time in your settings and revoke our access with
          the provider.
        </p>
      </>
    ),
  },
  {
    id: 'data',
    title: 'Your data and privacy',
    content: (
      <>
        <p>
          You own the data you bring to the Service, such as your product catalogue and orders. You give us a
          licence to host, copy and process it only to provide, secure and improve the Service and as these
          Terms allow.
        </p>
        <p>
          Our <Link to="/privacy">Privacy Policy</Link> explains how we handle personal data about you and the
          people in your team. Where we process personal data about your customers (for example names, e-mail
          addresses and delivery addresses in orders), you are the controller and we are your processor. In
          that role we will:
        </p>
        <ul>
          <li>
            process it only on your documented instructions, which these Terms and your use of the Service
            record;
          </li>
          <li>ensure that people who can access it are bound by confidentiality;</li>
          <li>protect it with appropriate technical and organisational security measures;</li>
          <li>use sub-processors only under written terms that protect the data to the same standard;</li>
          <li>
            help you respond to data subject requests and meet your security and breach-notification duties;
          </li>
          <li>tell you without undue delay after becoming aware of a personal data breach affecting it;</li>
          <li>delete or return it when you close your account, unless the law requires us to keep it;</li>
          <li>make available the information you need to show that these obligations are met.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'intellectual-property',
    title: 'Intellectual property',
    content: (
      <>
        <p>
          We and our licensors own the Service, including its software, design, documentation and the{' '}
          {PRODUCT_NAME} name and logo. These Terms give you a limited, non-exclusive, non-transferable right
          to use the Service while your account is active. They do not transfer any ownership to you.
        </p>
        <p>If you send us feedback or suggestions, we may use them without any obligation to you.</p>
      </>
    ),
  },
  {
    id: 'availability',
    title: 'Availability and support',
    content: (
      <>
        <p>
          We aim for 99.9% monthly availability of the Service, excluding planned maintenance, which we try to
          schedule at quiet times and announce in advance where it may affect you. Service credits, where
          offered, are set out in an Enterprise order form.
        </p>
        <p>
          Support is available by e-mail at <Mail /> and through our <Link to="/contact">contact page</Link>.
          We aim to respond within 24 hours.
        </p>
      </>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and termination',
    content: (
      <>
        <p>
          You can stop using the Service and close your account at any time. We may suspend or end your access
          if you materially breach these Terms, if your use creates a security, legal or fraud risk, or if a
          payment provider or AI agent platform requires it. Where it is reasonable to do so, we will tell you
          first and give you the chance to put things right.
        </p>
        <p>
          When your account ends, your right to use the Service stops, your API keys are revoked, and we
          delete your data as described in our Privacy Policy. Payments already settled to your providers are
          not affected. Sections that by their nature should continue (including those on fees owed, liability
          and governing law) survive termination.
        </p>
      </>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    content: (
      <>
        <p>
          Apart from what these Terms expressly promise, the Service is provided &ldquo;as is&rdquo; and
          &ldquo;as available&rdquo;. To the extent the law allows, we exclude all other warranties,
          conditions and terms, whether express or implied, including those of satisfactory quality and
          fitness for a particular purpose.
        </p>
        <p>
          We do not guarantee any level of sales, that an AI agent platform will accept or list your products,
          or that third-party services will be available or perform as expected.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    content: (
      <>
        <p>
          Nothing in these Terms limits or excludes liability for death or personal injury caused by
          negligence, for fraud or fraudulent misrepresentation, or for anything else that cannot be limited
          or excluded by law.
        </p>
        <p>Subject to that:</p>
        <ul>
          <li>
            we are not liable for loss of profits, revenue, sales, business, goodwill or anticipated savings,
            for loss or corruption of data, or for any indirect or consequential loss;
          </li>
          <li>
            we are not liable for the acts or omissions of payment providers, store platforms, AI agent
            platforms or your customers, or for payments, refunds and chargebacks handled in your providers;
          </li>
          <li>
            <strong>
              our total liability to you arising out of or in connection with these Terms or the Service,
              whether in contract, tort (including negligence) or otherwise, is limited to the fees you paid
              us in the 12 months before the event giving rise to the claim.
            </strong>
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Your responsibility to us',
    content: (
      <p>
        You will compensate us for reasonable losses, costs and expenses (including reasonable legal fees)
        arising from a claim by a third party, including your customers or payment providers, that results
        from your products or sales, your breach of these Terms, or your breach of law. We will tell you
        promptly about any such claim and let you take part in its defence.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these terms',
    content: (
      <p>
        We may update these Terms from time to time. We will give you at least 30 days&rsquo; notice by e-mail
        or in your dashboard before a material change takes effect, unless it is required sooner by law or to
        address a security risk. The &ldquo;last updated&rdquo; date at the top of this page shows when they
        last changed. If you do not agree to a change, you may close your account before it takes effect;
        continuing to use the Service afterwards means you accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'law',
    title: 'Governing law and disputes',
    content: (
      <>
        <p>
          These Terms, and any dispute or claim arising out of or in connection with them or their subject
          matter, are governed by the law of the United Kingdom as it applies in England and Wales. The courts
          of England and Wales have exclusive jurisdiction.
        </p>
        <p>
          Before starting proceedings, please contact us at <Mail /> so that we can try to resolve the matter
          informally.
        </p>
      </>
    ),
  },
  {
    id: 'general',
    title: 'General',
    content: (
      <ul>
        <li>
          These Terms, together with any order form and the policies they refer to, are the entire agreement
          between us about the Service.
        </li>
        <li>
          You may not transfer your rights under these Terms without our written consent. We may transfer ours
          to a company that takes over the Service, provided your rights are not reduced.
        </li>
        <li>
          If a court finds part of these Terms unenforceable, the rest remains in force. A delay in enforcing
          a right is not a waiver of it.
        </li>
        <li>
          Neither of us is liable for delays caused by events outside our reasonable control, such as failures
          of third-party networks or providers.
        </li>
        <li>No one other than you and us has any right to enforce these Terms.</li>
      </ul>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    content: (
      <p>
        Questions about these Terms? E-mail <Mail /> or use our <Link to="/contact">contact page</Link>.
        Notices to you will be sent to the e-mail address on your account.
      </p>
    ),
  },
];

/** /terms: the Terms of Service (liability cap of 12 months' fees, law of the United Kingdom). */
export default function TermsPage() {
  useSeo({
    title: 'Terms of Service',
    description: `The terms that govern your use of ${PRODUCT_NAME}: the merchant of record, fees and billing, acceptable use, API keys, liability and governing law.`,
    path: '/terms',
  });
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Terms of Service"
      lead={`The agreement between your business and ${PRODUCT_NAME} for using our platform, dashboard and agent API.`}
      updated={UPDATED}
      summary={
        <>
          <ul>
            <li>
              You are the merchant of record. We never hold buyer funds: payments settle directly to your
              providers.
            </li>
            <li>Refunds and chargebacks are handled in your own payment provider accounts.</li>
            <li>
              {TRIAL_DAYS}-day free trial, monthly billing, cancel any time, and a 30-day money-back guarantee
              on your first paid subscription.
            </li>
            <li>Keep your API keys secret; you are responsible for requests made with them.</li>
            <li>
              Our liability is capped at the fees you paid in the previous 12 months. The law of England and
              Wales applies.
            </li>
          </ul>
          <p className="text-sm text-slate-600">
            This summary is for convenience only; the full Terms below apply.
          </p>
        </>
      }
      sections={SECTIONS}
    />
  );
}
