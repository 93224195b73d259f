import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { FeedDeliveryView, FeedPreview, FeedProductView, FeedPushSettingsView } from '#common/api/feed';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import ProductFeedPage from './product-feed-page';

Element.prototype.scrollIntoView ??= () => undefined;

const FLASK = {
  productId: '41',
  title: 'Engraved Hip Flask',
  status: 'blocked',
  problems: [
    {
      code: 'no_price',
      message: 'No price in your store, so agents cannot sell it. Set a price to include it.',
    },
  ],
  variants: [
    {
      storeVariantId: null,
      sku: 'FLASK-HIP-ENGR',
      title: 'Engraved Hip Flask',
      status: 'blocked',
      problems: [
        {
          code: 'no_price',
          message: 'No price in your store, so agents cannot sell it. Set a price to include it.',
        },
      ],
    },
  ],
  storeUrl: 'https://demo.woocommerce.sandbox/product/hip-flask',
} satisfies FeedPreview['products'][number];

const TENT = {
  productId: '12',
  title: 'Ridgeline 2-Person Tent',
  status: 'ready',
  problems: [],
  variants: [
    { storeVariantId: '13', sku: 'TENT-2P-GRN', title: 'Tent / Green', status: 'ready', problems: [] },
  ],
  storeUrl: 'https://demo.woocommerce.sandbox/product/tent',
} satisfies FeedPreview['products'][number];

const preview = (products: FeedPreview['products']): FeedPreview => ({
  storeProblem: null,
  currency: 'GBP',
  counts: {
    products: { ready: 1, warning: 0, blocked: 1 },
    variants: { ready: 1, warning: 0, blocked: 1 },
  },
  builtAt: '2026-12-06T10:00:00.000Z',
  products,
  page: 1,
  pageCount: 1,
  total: products.length,
});

const SETTINGS: FeedPushSettingsView = {
  endpointUrl: 'https://chatgpt.agent.sandbox',
  tokenSet: true,
  tokenHint: 'feed_••••abcd',
  countries: ['GB'],
  schedule: 'off',
  sandboxDefault: true,
};
const ACCEPTED: FeedDeliveryView = {
  id: 'd1',
  trigger: 'manual',
  country: 'GB',
  feedId: 'feed_abc123',
  status: 'accepted',
  attempts: 1,
  productsSent: 12,
  productsAccepted: 12,
  productsRejected: 0,
  confirmed: true,
  error: null,
  createdAt: '2026-12-06T10:00:00.000Z',
  finishedAt: '2026-12-06T10:00:01.000Z',
};

function stubFeed(opts: { preview?: (params: URLSearchParams) => FeedPreview | Response } = {}) {
  const asked: URLSearchParams[] = [];
  const pushes: string[] = [];
  const fetchMock = stubFetch({ signedIn: true, routes: {} });
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/auth/get-session') return json(null);
    if (url.pathname === '/api/feed') {
      asked.push(url.searchParams);
      const answer = opts.preview?.(url.searchParams) ?? preview([TENT, FLASK]);
      return answer instanceof Response ? answer : json(answer);
    }
    if (url.pathname === '/api/feed/products/12')
      return json({
        check: TENT,
        record: {
          id: '12',
          title: TENT.title,
          variants: [
            {
              id: 'TENT-2P-GRN',
              title: 'Tent / Green',
              availability: { available: true, status: 'in_stock' },
            },
          ],
        },
      } satisfies FeedProductView);
    if (url.pathname === '/api/feed/push/settings') return json(SETTINGS);
    if (url.pathname === '/api/feed/push/deliveries')
      return json({ deliveries: pushes.length ? [ACCEPTED] : [] });
    if (url.pathname === '/api/feed/push' && init?.method === 'POST') {
      pushes.push('GB');
      return json({ deliveries: [{ ...ACCEPTED, status: 'pending' }] });
    }
    return json({ error: { code: 'not_found', message: 'Not found' } }, 404);
  });
  return { asked, pushes };
}

describe('ProductFeedPage', () => {
  it('shows counts per status, each product with its problems in words and a link to fix it', async () => {
    stubFeed();
    renderPage(<ProductFeedPage />, { path: '/feed' });
    const table = await screen.findByRole('table', { name: 'Products in your feed, with their problems' });
    const flask = (await within(table).findByText('Engraved Hip Flask')).closest('tr')!;
    expect(flask).toHaveTextContent('Blocked');
    expect(flask).toHaveTextContent('No price in your store');
    expect(within(flask).getByRole('link', { name: /Fix in store/ })).toHaveAttribute(
      'href',
      'https://demo.woocommerce.sandbox/product/hip-flask',
    );
    const counts = screen.getByRole('list', { name: 'Products by status' });
    expect(within(counts).getByRole('button', { name: /^Blocked/ })).toHaveTextContent('1');
  });

  it('filters by status and searches, asking the server', async () => {
    const { asked } = stubFeed();
    renderPage(<ProductFeedPage />, { path: '/feed' });
    await userEvent.click(await screen.findByRole('button', { name: /^Blocked/ }));
    await screen.findByRole('button', { name: 'Clear filters' });
    expect(asked.at(-1)?.get('status')).toBe('blocked');
    await userEvent.type(screen.getByLabelText('Search by product name or SKU'), 'flask');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await expect.poll(() => asked.at(-1)?.get('q')).toBe('flask');
  });

  it("shows one product's exact JSON", async () => {
    stubFeed();
    renderPage(<ProductFeedPage />, { path: '/feed' });
    await screen.findByText('Ridgeline 2-Person Tent');
    await userEvent.click(screen.getByRole('button', { name: /View JSON of Ridgeline/ }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByLabelText('Feed record as JSON')).toHaveTextContent(
      '"id": "TENT-2P-GRN"',
    );
  });

  it('pushes now and shows the result in the delivery log', async () => {
    stubFeed();
    renderPage(<ProductFeedPage />, { path: '/feed' });
    const log = await screen.findByRole('table', { name: 'Feed deliveries, newest first' });
    expect(await within(log).findByText(/No pushes yet/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Push now' }));
    expect(await within(log).findByText('Accepted')).toBeInTheDocument();
    expect(log).toHaveTextContent('12 accepted, 0 rejected');
  });

  it('says why nothing loads, with Try again', async () => {
    stubFeed({ preview: () => json({ error: { code: 'internal', message: 'Something went wrong.' } }, 500) });
    renderPage(<ProductFeedPage />, { path: '/feed' });
    expect(await screen.findByText('Failed to load your product feed.')).toBeInTheDocument();
  });

  it('says what to do when nothing matches', async () => {
    stubFeed({ preview: () => preview([]) });
    renderPage(<ProductFeedPage />, { path: '/feed', url: '/feed?q=nothing' });
    expect(await screen.findByText(/No products match/)).toBeInTheDocument();
  });
});
