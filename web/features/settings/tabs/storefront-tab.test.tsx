import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontListings } from '#common/api/storefront';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { StorefrontTab } from './storefront-tab';

const product = (id: string, name: string, priceMinor: number | null) => ({
  productId: id,
  variantId: null,
  sku: `SKU-${id}`,
  name,
  priceMinor,
  currency: priceMinor === null ? null : 'GBP',
  inStock: true,
  listed: false,
  published: null,
});

const NOTHING_LISTED: StorefrontListings = {
  storefrontUrl: 'http://localhost/storefront/acct_1Seller',
  storeProblem: null,
  products: [
    product('1', 'Trail Daypack', 6400),
    product('2', 'Camp Mug', 1850),
    product('3', 'Gift Card', null),
  ],
};

/** The server: GET answers `listings`, PUT records the choice and answers it published (or `put`). */
function setup(listings: StorefrontListings = NOTHING_LISTED, put?: FetchHandler) {
  const saved: unknown[] = [];
  stubFetch({
    signedIn: true,
    routes: {
      '/api/storefront-listings': (init) => {
        if (init?.method !== 'PUT') return json(listings);
        if (put) return put(init);
        const { products } = JSON.parse(String(init.body)) as { products: { productId: string }[] };
        saved.push(products);
        const chosen = new Set(products.map((p) => p.productId));
        return json({
          ...listings,
          products: listings.products.map((p) =>
            chosen.has(p.productId)
              ? {
                  ...p,
                  listed: true,
                  published: {
                    priceMinor: p.priceMinor,
                    currency: p.currency,
                    stockState: 'in_stock',
                    at: '2026-11-28T12:00:00.000Z',
                    error: null,
                  },
                }
              : p,
          ),
        });
      },
    },
  });
  renderPage(<StorefrontTab />, { path: '/settings' });
  return { user: userEvent.setup(), saved };
}

beforeEach(() => {
  // Radix's switch sizes its hidden form input with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('Settings › Storefront', () => {
  it('links to the public storefront and publishes the products the merchant chose', async () => {
    const { user, saved } = setup();
    expect(await screen.findByRole('link', { name: /View your storefront/ })).toHaveAttribute(
      'href',
      'http://localhost/storefront/acct_1Seller',
    );
    expect(screen.getAllByText('Not listed')).toHaveLength(3);
    // A product with no price in the store cannot be sold.
    expect(screen.getByRole('switch', { name: 'Sell Gift Card on your storefront' })).toBeDisabled();

    await user.click(screen.getByRole('switch', { name: 'Sell Trail Daypack on your storefront' }));
    await user.click(screen.getByRole('switch', { name: 'Sell Camp Mug on your storefront' }));
    await user.click(screen.getByRole('button', { name: 'Publish to Storefront' }));

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual([
      { productId: '1', variantId: null },
      { productId: '2', variantId: null },
    ]);
  });

  it('shows what is published, and when the store changed since', async () => {
    const listed = (p: ReturnType<typeof product>, priceMinor: number) => ({
      ...p,
      listed: true,
      published: {
        priceMinor,
        currency: 'GBP',
        stockState: 'in_stock' as const,
        at: '2026-11-28T12:00:00Z',
        error: null,
      },
    });
    setup({
      ...NOTHING_LISTED,
      products: [
        listed(product('1', 'Trail Daypack', 6400), 6400),
        listed(product('2', 'Camp Mug', 1850), 1500),
      ],
    });
    expect(await screen.findByText('Published')).toBeInTheDocument();
    expect(screen.getByText('Store changed: publish again')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Sell Trail Daypack on your storefront' })).toBeChecked();
  });

  it('points to Stripe before there is a storefront, and says why the store could not be read', async () => {
    setup({ storefrontUrl: null, storeProblem: 'The store did not answer.', products: [] });
    expect(await screen.findByText('Connect Stripe to open your storefront')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect Stripe in Payments' })).toHaveAttribute(
      'href',
      '/settings?tab=payments',
    );
    expect(screen.getByText('The store did not answer.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish to Storefront' })).toBeDisabled();
  });

  it('says it is loading, and when the products could not be loaded offers to try again', async () => {
    setup(NOTHING_LISTED, undefined);
    expect(screen.getByText('Loading your storefront')).toBeInTheDocument();
    await screen.findByText('Trail Daypack');
  });

  it('says when the storefront could not be loaded', async () => {
    stubFetch({
      signedIn: true,
      routes: {
        '/api/storefront-listings': () => json({ error: { code: 'internal', message: 'Try again.' } }, 500),
      },
    });
    renderPage(<StorefrontTab />, { path: '/settings' });
    expect(
      await screen.findByText('Your storefront could not be loaded', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /try again/i })).toBeInTheDocument();
  });

  it('says when a save failed', async () => {
    const { user } = setup(NOTHING_LISTED, () =>
      json({ error: { code: 'unprocessable', message: 'Connect Stripe first.' } }, 422),
    );
    await user.click(await screen.findByRole('switch', { name: 'Sell Camp Mug on your storefront' }));
    await user.click(screen.getByRole('button', { name: 'Publish to Storefront' }));
    expect(await screen.findByText('Connect Stripe first.')).toBeInTheDocument();
  });
});
