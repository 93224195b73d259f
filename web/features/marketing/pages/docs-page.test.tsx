import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AGENT_ERROR_CODES } from '#common/api/agent';
import { OFFER_REQUEST } from '#web/features/marketing/docs/agent-examples';
import { stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import DocsPage from './docs-page';

/** The anchors other pages link to, plus the ACP and UCP sections (UCP business profiles link the handlers). */
const ANCHORS = [
  'setup',
  'auth',
  'offer',
  'checkout',
  'confirm',
  'order',
  'bitcoin',
  'opennode',
  'coincorner',
  'errors',
  'production',
  'troubleshooting',
  'acp',
  'acp-mcp',
  'ucp',
  'ucp-card-handler',
  'ucp-lightning-handler',
];

function renderDocs() {
  stubFetch();
  const user = userEvent.setup();
  const view = renderPage(<DocsPage />, { path: '/docs' });
  return { user, ...view };
}

const section = (id: string) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`no element #${id}`);
  return el;
};

describe('/docs', () => {
  it('shows the endpoints, response time, uptime and protocol tiles under the only h1', () => {
    renderDocs();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('API documentation');
    for (const [label, value] of [
      ['Endpoints', '4'],
      ['Response time', '<300ms'],
      ['Uptime SLA', '99.9%'],
      ['Protocol', 'ACP v1'],
    ] as const) {
      expect(screen.getByText(label).nextElementSibling).toHaveTextContent(value);
    }
    expect(screen.queryByText(/reference is being written|Reference in progress/i)).not.toBeInTheDocument();
  });

  it('names each anchored section by its heading alone', () => {
    renderDocs();
    expect(section('offer')).toHaveAccessibleName('Offer');
    expect(section('bitcoin')).toHaveAccessibleName('Lightning payment flow');
  });

  it('has every documented anchor as a titled section the table of contents links to', () => {
    renderDocs();
    const [mobileNav, desktopNav] = screen.getAllByRole('navigation', { name: 'Documentation' });
    for (const id of ANCHORS) {
      const el = section(id);
      expect(el.tagName).toBe('SECTION');
      expect(el).toHaveAccessibleName(document.getElementById(`${id}-title`)!.textContent!);
      for (const nav of [mobileNav!, desktopNav!]) {
        expect(
          within(nav)
            .getAllByRole('link')
            .some((a) => a.getAttribute('href') === `#${id}`),
        ).toBe(true);
      }
    }
  });

  it('documents both path spellings, both key headers and the request fields in both spellings', () => {
    renderDocs();
    for (const [id, paths] of [
      ['offer', ['/api/agent/offer', '/api/agent-offer']],
      ['checkout', ['/api/agent/checkout', '/api/agent-checkout']],
      ['confirm', ['/api/agent/confirm', '/api/agent-confirm']],
      ['order', ['/api/agent/order/{order_id}', '/api/agent-order/{order_id}']],
    ] as const) {
      for (const path of paths) expect(within(section(id)).getAllByText(path).length).toBeGreaterThan(0);
    }
    const auth = section('auth');
    expect(auth).toHaveTextContent('Authorization: Bearer <key>');
    expect(auth).toHaveTextContent('apikey');
    const offer = section('offer');
    for (const field of ['items (or products)', 'shipping_to (or shipping_address)', 'postal_code']) {
      expect(offer).toHaveTextContent(field);
    }
    expect(section('idempotency')).toHaveTextContent('Idempotent-Replayed: true');
  });

  it('lists every agent API error code with its HTTP status, the rate limits and Retry-After', () => {
    renderDocs();
    const errors = section('errors');
    const table = within(errors).getByRole('table', { name: 'Agent API error codes' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    const statusOf = Object.fromEntries(rows.map(([status, code]) => [code, status]));
    expect(Object.keys(statusOf).sort()).toEqual([...AGENT_ERROR_CODES].sort());
    expect(statusOf).toMatchObject({
      VALIDATION_ERROR: '400',
      INVALID_CHECKOUT: '400',
      UNAUTHORIZED: '401',
      PAYMENT_DECLINED: '402',
      PAYMENT_EXPIRED: '402',
      IDEMPOTENCY_CONFLICT: '409',
      CHECKOUT_ALREADY_PROCESSED: '409',
      RATE_LIMIT: '429',
      INTERNAL_ERROR: '500',
    });
    const limits = within(errors).getByRole('table', { name: 'Rate limits per API key' });
    for (const [endpoint, perMinute] of [
      ['offer', '100'],
      ['checkout', '30'],
      ['confirm', '30'],
    ]) {
      expect(within(limits).getByRole('row', { name: `${endpoint} ${perMinute}` })).toBeInTheDocument();
    }
    expect(errors).toHaveTextContent('Retry-After');
    expect(errors).toHaveTextContent('correlation_id');
  });

  it('states the Bitcoin polling interval, invoice expiry and the CoinCorner on-chain address', () => {
    renderDocs();
    expect(section('bitcoin')).toHaveTextContent('every 3 to 5 seconds');
    expect(section('bitcoin')).toHaveTextContent('5 to 60 minutes, 15 by default');
    expect(section('coincorner')).toHaveTextContent('onchain_address');
    expect(section('opennode')).toHaveTextContent('There is no onchain_address');
  });

  it('documents the ACP headers, both versions and the discovery URLs', () => {
    renderDocs();
    const acp = section('acp');
    for (const text of [
      'API-Version',
      'Idempotency-Key',
      '2025-09-29',
      '2026-04-17',
      'unsupported_api_version',
    ]) {
      expect(acp).toHaveTextContent(text);
    }
    expect(section('acp-discovery')).toHaveTextContent('/.well-known/acp.json');
    expect(section('acp-discovery')).toHaveTextContent('/.well-known/agent-commerce.json');
    expect(section('acp-complete')).toHaveTextContent('payment_pending');
  });

  it('copies an example to the clipboard from the keyboard and says so', async () => {
    const { user } = renderDocs();
    const offer = section('offer');
    const copy = within(offer).getByRole('button', { name: 'Copy request' });
    copy.focus();
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe(OFFER_REQUEST);
    expect(within(offer).getAllByRole('status')[0]).toHaveTextContent('Copied');
  });
});
