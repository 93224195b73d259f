import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StorefrontProduct } from '#common/api/storefront';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import StorefrontPage from './storefront-page';
import StorefrontSuccessPage from './storefront-success-page';

const ACCOUNT = 'acct_1StoreAbc';
const PRODUCTS = `/api/storefront/${ACCOUNT}/products`;
const lantern: StorefrontProduct = {
  id: 'prod_1',
  name: 'Storm Lantern',
  description: 'Runs for 40 hours.',
  image: null,
  price: { id: 'price_1', unitAmount: 4999, currency: 'gbp' },
};
const stove: StorefrontProduct = {
  id: 'prod_2',
  name: 'Camp Stove',
  description: null,
  image: null,
  price: null,
};

const openStore = () =>
  renderPage(<StorefrontPage />, { path: '/storefront/:accountId', url: `/storefront/${ACCOUNT}` });

afterEach(() => vi.unstubAllGlobals());

describe('storefront page', () => {
  it('shows each product with its en-US price, and Price not set with Buy Now disabled', async () => {
    stubFetch({
      routes: {
        [PRODUCTS]: () =>
          json({ shopName: 'Harbour Outfitters', shopLogoUrl: null, products: [lantern, stove] }),
      },
    });
    openStore();
    const card = (name: string) =>
      screen.getAllByRole('listitem').find((item) => within(item).queryByRole('heading', { name }))!;
    await screen.findByRole('heading', { name: 'Storm Lantern' });
    const lanternCard = card('Storm Lantern');
    expect(within(lanternCard).getByText('£49.99')).toBeInTheDocument();
    expect(within(lanternCard).getByRole('button', { name: 'Buy Now: Storm Lantern' })).toBeEnabled();
    const stoveCard = card('Camp Stove');
    expect(within(stoveCard).getByText('Price not set')).toBeInTheDocument();
    expect(within(stoveCard).getByRole('button', { name: 'Buy Now: Camp Stove' })).toBeDisabled();
    // The shop is the merchant's: its name heads the page and its header, with none of AgentCart's own
    // navigation, and its Stripe account id is never shown.
    expect(screen.getByRole('heading', { level: 1, name: 'Harbour Outfitters' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Outfitters' })).toHaveAttribute(
      'href',
      `/storefront/${ACCOUNT}`,
    );
    expect(document.body).not.toHaveTextContent(ACCOUNT);
    expect(screen.queryByText('Start for Free')).not.toBeInTheDocument();
  });

  it("shows the shop's logo beside its name, and its initial when the logo does not load", async () => {
    stubFetch({
      routes: {
        [PRODUCTS]: () =>
          json({ shopName: 'Harbour Outfitters', shopLogoUrl: 'https://cdn.example/logo.png', products: [] }),
      },
    });
    openStore();
    const home = await screen.findByRole('link', { name: 'Harbour Outfitters' });
    const logo = home.querySelector('img')!;
    expect(logo).toHaveAttribute('src', 'https://cdn.example/logo.png');
    fireEvent.error(logo);
    expect(home.querySelector('img')).toBeNull();
    expect(home).toHaveTextContent('H');
  });

  it('says so when the store has no products', async () => {
    stubFetch({
      routes: { [PRODUCTS]: () => json({ shopName: 'Harbour Outfitters', shopLogoUrl: null, products: [] }) },
    });
    openStore();
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(screen.getByText("This store hasn't added any products yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose products in Settings › Storefront' })).toHaveAttribute(
      'href',
      '/settings?tab=storefront',
    );
  });

  it('shows Error loading products with a retry when the list fails', async () => {
    stubFetch({
      routes: {
        [PRODUCTS]: () => json({ error: { code: 'provider_unavailable', message: 'Try later.' } }, 502),
      },
    });
    openStore();
    // The page retries twice (about three seconds) before it gives up.
    expect(await screen.findAllByText('Error loading products')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('opens checkout in a new tab, and toasts Checkout Failed when it cannot', async () => {
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    let fail = false;
    stubFetch({
      routes: {
        [PRODUCTS]: () => json({ shopName: 'Harbour Outfitters', shopLogoUrl: null, products: [lantern] }),
        [`/api/storefront/${ACCOUNT}/checkout`]: () =>
          fail
            ? json(
                { error: { code: 'unprocessable', message: 'This product cannot be bought right now.' } },
                422,
              )
            : json({ url: 'http://127.0.0.1:4401/c/pay/cs_test_1' }),
      },
    });
    openStore();
    await userEvent.click(await screen.findByRole('button', { name: 'Buy Now: Storm Lantern' }));
    await waitFor(() => expect(tab.location.href).toBe('http://127.0.0.1:4401/c/pay/cs_test_1'));
    expect(tab.opener).toBeNull();
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now: Storm Lantern' }));
    expect(await screen.findByText('Checkout Failed')).toBeInTheDocument();
    expect(tab.close).toHaveBeenCalled();
  });
});

describe('storefront success page', () => {
  const openSuccess = (query: string) =>
    renderPage(<StorefrontSuccessPage />, {
      path: '/storefront/:accountId/success',
      url: `/storefront/${ACCOUNT}/success${query}`,
    });
  const SESSION = `/api/storefront/${ACCOUNT}/sessions/cs_test_1`;

  it('confirms a paid order with its id', async () => {
    stubFetch({
      routes: {
        [SESSION]: () =>
          json({ orderNumber: '1042', paid: true, status: 'complete', amountTotal: 4999, currency: 'gbp' }),
        [PRODUCTS]: () => json({ shopName: 'Harbour Outfitters', shopLogoUrl: null, products: [] }),
      },
    });
    openSuccess('?session_id=cs_test_1');
    expect(await screen.findByText('Payment Successful!')).toBeInTheDocument();
    expect(
      screen.getByText('Thank you for your purchase. Your order has been confirmed.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Order ID')).toBeInTheDocument();
    expect(screen.getByText('1042')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy order number' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Harbour Outfitters' })).toBeInTheDocument();
    expect(screen.queryByText('cs_test_1')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute(
      'href',
      `/storefront/${ACCOUNT}`,
    );
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  it('never says success for an unpaid or unknown order', async () => {
    stubFetch({
      routes: {
        [SESSION]: () =>
          json({ orderNumber: null, paid: false, status: 'open', amountTotal: 4999, currency: 'gbp' }),
      },
    });
    const { unmount } = openSuccess('?session_id=cs_test_1');
    expect(await screen.findByText('Payment not completed')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
    unmount();
    stubFetch({
      routes: {
        [SESSION]: () =>
          json({ error: { code: 'not_found', message: 'We could not find this order.' } }, 404),
      },
    });
    openSuccess('?session_id=cs_test_1');
    expect(await screen.findByText('Order not found')).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful!')).not.toBeInTheDocument();
  });
});
