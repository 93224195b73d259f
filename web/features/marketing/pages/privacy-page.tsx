import { Link } from 'react-router';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import { CONSENT_KEY, MAX_SESSION_HOURS, PREFERRED_CURRENCY_KEY } from '#common/domain/limits';
import { Badge } from '#web/components/ui/badge';
import { LegalDocument, type LegalSection } from '#web/features/marketing/info/legal-document';
import { useSeo } from '#web/lib/use-seo';

const UPDATED = { iso: '2026-11-21', label: '21 November 2026' };

const Mail = () => <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

const PURPOSES: { purpose: string; basis: string }[] = [
  {
    purpose:
      'Creating and running your account, connecting your store and providers, and processing agent orders',
    basis: 'Contract: we need it to provide the Service you signed up for.',
  },
  {
    purpose: 'Billing your subscription and keeping accounting and tax records',
    basis: 'Contract, and legal obligation for the records the law requires us to keep.',
  },
  {
    purpose: 'Sending service e-mails, such as security alerts, billing notices and changes to our terms',
    basis: 'Contract, and legitimate interests in keeping you informed about your account.',
  },
  {
    purpose: 'Protecting accounts and the platform: detecting failed sign-ins, misuse of API keys and fraud',
    basis: 'Legitimate interests in keeping the Service and our merchants secure.',
  },
  {
    purpose: 'Answering messages sent through the contact form or by e-mail',
    basis: 'Legitimate interests in responding to enquiries, or steps you ask us to take before a contract.',
  },
  {
    purpose: 'Remembering your preferred currency and your cookie choice',
    basis: 'Legitimate interests; these are strictly necessary to provide what you asked for.',
  },
  {
    purpose: 'Complying with the law and responding to lawful requests from authorities',
    basis: 'Legal obligation.',
  },
];

const STORAGE: { name: string; kind: string; duration: string; purpose: string }[] = [
  {
    name: 'agentcart.session_token',
    kind: 'Essential cookie',
    duration: `Until you sign out, at most ${MAX_SESSION_HOURS} hours`,
    purpose: 'Keeps you signed in to the dashboard securely. It is set only when you sign in.',
  },
  {
    name: CONSENT_KEY,
    kind: 'Local storage',
    duration: 'Until you clear your browser storage',
    purpose: 'Remembers whether you accepted or declined in the cookie banner, so we do not ask again.',
  },
  {
    name: PREFERRED_CURRENCY_KEY,
    kind: 'Preference cookie and local storage',
    duration: 'One year',
    purpose: 'Remembers the currency (GBP, EUR or USD) you chose on the pricing page.',
  },
];

const SECTIONS: LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who we are',
    content: (
      <>
        <p>
          {PRODUCT_NAME} is a software platform, based in the United Kingdom, that connects online stores to
          AI shopping agents. This policy explains how we collect and use personal data when you visit our
          website, create a merchant account, use the dashboard and agent API, or contact us.
        </p>
        <p>
          For the personal data described here, {PRODUCT_NAME} is the controller under the UK General Data
          Protection Regulation (UK GDPR) and the Data Protection Act 2018. You can reach us about anything in
          this policy at <Mail />.
        </p>
      </>
    ),
  },
  {
    id: 'shoppers',
    title: 'If you bought from a merchant',
    content: (
      <p>
        When a shopper buys through an AI agent, the merchant is the merchant of record and the controller of
        the shopper&rsquo;s order details. {PRODUCT_NAME} processes those details only on the merchant&rsquo;s
        behalf, as its processor, to create and track the order. If you are a shopper with a question about
        your data, please contact the merchant you bought from; we will help them answer it.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'The data we collect',
    content: (
      <>
        <h3>Account data</h3>
        <p>
          Your business name, e-mail address and password when you sign up. We never store your password
          itself, only a strong one-way hash of it. While you are signed in we keep a session record with the
          IP address and browser details used to sign in.
        </p>
        <h3>Merchant and store configuration</h3>
        <p>
          Your store platform and store address, onboarding progress, settings (such as default currency,
          notification and security preferences, webhook address), your plan and subscription status, and a
          one-way hash of your API key.
        </p>
        <h3>Encrypted provider credentials</h3>
        <p>
          The credentials you give us to connect your store and payment providers, such as WooCommerce API
          keys, OpenNode or CoinCorner API keys and your connected Stripe account identifier. Secrets are
          encrypted with AES-256-GCM before they are stored and are decrypted only when needed to act on your
          instructions.
        </p>
        <h3>Order and payment metadata</h3>
        <p>
          For orders placed through AI agents: order and checkout references, items, amounts, currency,
          status, payment method, provider references (such as a payment or invoice identifier), tracking
          details, and the shopper details needed to create the order in your store. Card details are handled
          by Stripe through Shared Payment Tokens: we never see or store card numbers.
        </p>
        <h3>Security logs</h3>
        <p>
          Records of security-relevant events, such as failed sign-ins, API key use and unusual checkout
          activity, with the time, IP address and browser details. E-mail addresses in these logs are masked
          to their first three characters and otherwise stored only as a one-way hash.
        </p>
        <h3>Contact messages</h3>
        <p>
          The name, e-mail address, subject and message you send us through the contact form or by e-mail.
        </p>
        <h3>Billing data</h3>
        <p>
          Subscription payments are taken by Stripe. We receive your subscription status and billing history,
          not your full card number.
        </p>
      </>
    ),
  },
  {
    id: 'purposes',
    title: 'How we use it and our lawful bases',
    content: (
      <>
        <p>We use personal data only for the purposes below, each with its lawful basis under the UK GDPR.</p>
        <ul className="list-none! space-y-3! pl-0! sm:hidden">
          {PURPOSES.map((row) => (
            <li key={row.purpose} className="rounded-xl border border-slate-200 p-4 pl-4! text-sm leading-6">
              <p className="font-medium text-slate-900">{row.purpose}</p>
              <p className="mt-2 text-slate-600">
                <span className="font-semibold text-slate-700">Lawful basis: </span>
                {row.basis}
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden overflow-hidden rounded-xl border border-slate-200 sm:block">
          <table className="w-full text-left text-sm leading-6">
            <caption className="sr-only">Purposes of processing and their lawful bases</caption>
            <thead className="bg-slate-50 text-slate-900">
              <tr>
                <th scope="col" className="w-1/2 px-4 py-3 font-semibold">
                  Purpose
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  Lawful basis
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {PURPOSES.map((row) => (
                <tr key={row.purpose} className="align-top">
                  <td className="px-4 py-3 text-slate-900">{row.purpose}</td>
                  <td className="px-4 py-3 text-slate-600">{row.basis}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          Where we rely on legitimate interests, we have weighed them against your rights, and you can object
          (see &ldquo;Your rights&rdquo;). We do not sell personal data, use it for advertising, or make
          decisions about you based solely on automated processing that have legal or similarly significant
          effects.
        </p>
      </>
    ),
  },
  {
    id: 'sharing',
    title: 'Who we share it with',
    content: (
      <>
        <p>We share personal data only as needed to run the Service:</p>
        <ul>
          <li>
            <strong>Hosting and database providers</strong> that run our servers and store our data, as our
            processors.
          </li>
          <li>
            <strong>E-mail delivery providers</strong> that send account, security and billing e-mails and
            deliver contact messages to our support inbox, as our processors.
          </li>
          <li>
            <strong>Stripe</strong>, which processes subscription payments for us.
          </li>
          <li>
            <strong>The providers you connect</strong>, on your instruction: your store platform (for example
            WooCommerce), Stripe, OpenNode or CoinCorner, and the AI agent platforms through which you sell.
            They receive what is needed to price, pay for and fulfil each order, and handle it under their own
            privacy policies.
          </li>
          <li>
            <strong>Professional advisers and authorities</strong>, such as our lawyers and accountants, or a
            regulator or court where the law requires it.
          </li>
          <li>
            <strong>A successor business</strong>, if {PRODUCT_NAME} is reorganised, sold or merged, under the
            same protections as this policy.
          </li>
        </ul>
        <p>
          Our processors may use personal data only on our instructions and must keep it secure and
          confidential.
        </p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International transfers',
    content: (
      <p>
        Some of our providers, including Stripe and the AI agent platforms, are based in or store data in the
        United States or other countries outside the UK. When personal data leaves the UK we make sure it is
        protected by UK adequacy regulations (including the UK Extension to the EU-US Data Privacy Framework,
        where the recipient is certified), or by the International Data Transfer Agreement or the UK Addendum
        to the EU Standard Contractual Clauses, together with any further safeguards needed. Contact us for
        more information about a particular transfer.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    content: (
      <>
        <p>We keep personal data only for as long as we need it for the purposes above:</p>
        <ul>
          <li>
            <strong>Account, store configuration and provider credentials</strong>: while your account is
            open. When you close your account we delete them, apart from anything we must keep by law.
          </li>
          <li>
            <strong>Provider payloads</strong> (the raw responses and notifications we receive from payment
            providers): purged automatically after 90 days.
          </li>
          <li>
            <strong>Sign-in sessions</strong>: end when you sign out, after inactivity, and at most{' '}
            {MAX_SESSION_HOURS} hours after sign-in.
          </li>
          <li>
            <strong>Order and payment metadata</strong>: while your account is open, so that you can see your
            order and payment history.
          </li>
          <li>
            <strong>Billing and accounting records</strong>: for as long as UK tax and company law requires,
            normally six years after the end of the financial year they relate to.
          </li>
          <li>
            <strong>Security logs and contact messages</strong>: only as long as needed to protect the
            Service, investigate incidents and deal with your enquiry.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'security',
    title: 'How we protect it',
    content: (
      <p>
        All traffic to {PRODUCT_NAME} is encrypted in transit. Provider secrets are encrypted at rest with
        AES-256-GCM, and passwords and API keys are stored only as one-way hashes. Access to personal data is
        limited to people who need it, sign-in and API requests are rate limited, and requests that change
        data must come from our own site. No system is perfectly secure, but if a breach affecting your data
        occurs we will tell you and the Information Commissioner&rsquo;s Office where the law requires.
      </p>
    ),
  },
  {
    id: 'rights',
    title: 'Your rights',
    content: (
      <>
        <p>Under UK data protection law you have the right to:</p>
        <ul>
          <li>access the personal data we hold about you and receive a copy;</li>
          <li>have inaccurate data corrected and incomplete data completed;</li>
          <li>have your data erased where there is no good reason for us to keep it;</li>
          <li>restrict how we use your data, or object to processing based on legitimate interests;</li>
          <li>receive data you gave us in a portable format, or have it sent to another organisation;</li>
          <li>withdraw consent at any time, where we rely on it.</li>
        </ul>
        <p>
          To use any of these rights, e-mail <Mail />. We will respond within one month, and there is normally
          no fee. We may need to confirm your identity first. Many details, such as your business name and
          settings, you can also update yourself in the dashboard.
        </p>
        <p>
          If you are unhappy with how we have handled your data, please tell us first so we can put it right.
          You also have the right to complain to the Information Commissioner&rsquo;s Office (ICO), the UK
          supervisory authority, at{' '}
          <a href="https://ico.org.uk/make-a-complaint/">ico.org.uk/make-a-complaint</a> or on
          0303&nbsp;123&nbsp;1113.
        </p>
      </>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies and local storage',
    content: (
      <>
        <p>
          We use a small number of cookies and browser storage items, all needed for the site to work or to
          remember choices you make. We do not use advertising or cross-site tracking cookies.
        </p>
        <ul className="list-none! space-y-3! pl-0!">
          {STORAGE.map((item) => (
            <li key={item.name} className="rounded-xl border border-slate-200 p-4 pl-4!">
              <div className="flex flex-wrap items-center gap-2">
                <code className="break-all font-semibold">{item.name}</code>
                <Badge variant="brand">{item.kind}</Badge>
                <Badge variant="neutral">{item.duration}</Badge>
              </div>
              <p className="mt-2 text-sm leading-6 text-slate-600">{item.purpose}</p>
            </li>
          ))}
        </ul>
        <p>
          The cookie banner lets you accept or decline optional cookies; closing it counts as declining.
          Essential cookies cannot be switched off, because the dashboard cannot keep you signed in without
          them. If we ever add optional analytics cookies, they will only be set after you choose Accept. You
          can change your choice by clearing this site&rsquo;s data in your browser, which brings the banner
          back, and you can block or delete cookies in your browser settings.
        </p>
      </>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    content: (
      <p>
        The Service is for businesses and is not directed at children. We do not knowingly collect personal
        data from anyone under 18.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    content: (
      <p>
        We will update this policy when our practices change. The &ldquo;last updated&rdquo; date at the top
        shows the latest version. If we make significant changes, we will tell account holders by e-mail or in
        the dashboard before they take effect.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact us',
    content: (
      <p>
        For any question about this policy or your personal data, e-mail <Mail /> or use our{' '}
        <Link to="/contact">contact page</Link>. Please include &ldquo;Privacy&rdquo; in the subject so your
        message reaches the right person quickly.
      </p>
    ),
  },
];

/** /privacy: the UK GDPR privacy policy, including the cookies and storage the app really uses. */
export default function PrivacyPage() {
  useSeo({
    title: 'Privacy Policy',
    description: `How ${PRODUCT_NAME} collects, uses and protects personal data under the UK GDPR, which cookies we use, and how to exercise your rights.`,
    path: '/privacy',
  });
  return (
    <LegalDocument
      eyebrow="Legal"
      title="Privacy Policy"
      lead="What personal data we collect, why we use it, who we share it with, and the rights you have under UK data protection law."
      updated={UPDATED}
      summary={
        <ul>
          <li>We collect only what we need to run your account and connect your store to AI agents.</li>
          <li>
            Provider credentials are encrypted; passwords and API keys are stored only as one-way hashes.
          </li>
          <li>We never see card numbers and never hold buyer funds.</li>
          <li>We do not sell personal data or use advertising cookies.</li>
          <li>
            You can access, correct or delete your data at any time by e-mailing <Mail />.
          </li>
        </ul>
      }
      sections={SECTIONS}
    />
  );
}
