import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '#web/test/render';
import PricingPage from './pricing-page';
import { json, stubFetch } from '#web/test/fetch-stub';

const targets = ['/auth', '/dashboard', '/enterprise-calculator', '/contact'].map((path) => ({
  path,
  element: <h1>Target {path}</h1>,
}));

function renderPricing() {
  return renderPage(<PricingPage />, { path: '/pricing', extraRoutes: targets });
}

const card = (plan: string) => screen.getByRole('group', { name: plan });

describe('/pricing', () => {
  it('shows the four plans in pounds by default', async () => {
    stubFetch();
    renderPricing();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/simple pricing/i);
    expect(within(card('Starter')).getByText('£0')).toBeInTheDocument();
    expect(within(card('Starter')).getByText('+ 2% per transaction')).toBeInTheDocument();
    expect(within(card('Growth')).getByText('£99')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('£499')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Custom')).toBeInTheDocument();
    expect(within(card('Enterprise')).getByText('Transaction fees as low as 0.25%')).toBeInTheDocument();
    expect(within(card('Starter')).getByText(/£2\.50 for each order over 25/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /GBP/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches currency, changes every price and remembers the choice', async () => {
    stubFetch();
    const user = userEvent.setup();
    renderPricing();
    await user.click(screen.getByRole('button', { name: /EUR/ }));
    expect(screen.getByRole('button', { name: /EUR/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: /GBP/ })).toHaveAttribute('aria-pressed', 'false');
    expect(within(card('Growth')).getByText('€109')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('€549')).toBeInTheDocument();
    expect(within(card('Growth')).getByText('€5k–€50k monthly volume')).toBeInTheDocument();
    expect(window.localStorage.getItem('preferred-currency')).toBe('EUR');
    expect(document.cookie).toContain('preferred-currency=EUR');

    await user.click(screen.getByRole('button', { name: /USD/ }));
    expect(within(card('Growth')).getByText('$119')).toBeInTheDocument();
    expect(within(card('Scale')).getByText('$599')).toBeInTheDocument();
    expect(window.localStorage.getItem('preferred-currency')).toBe('USD');
  });

  it('opens in the currency chosen on an earlier visit', async () => {
    window.localStorage.setItem('preferred-currency', 'USD');
    stubFetch();
    renderPricing();
    expect(within(card('Growth')).getByText('$119')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /USD/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('falls back to pounds for an unknown stored currency', async () => {
    window.localStorage.setItem('preferred-currency', 'JPY');
    stubFetch();
    renderPricing();
    expect(within(card('Growth')).getByText('£99')).toBeInTheDocument();
  });

  describe('signed out', () => {
    it.each([
      ['Starter', 'Get Started', '/auth'],
      ['Growth', 'Choose Growth', '/auth'],
      ['Scale', 'Choose Scale', '/auth'],
      ['Enterprise', 'Calculate your price', '/enterprise-calculator'],
      ['Enterprise', 'Contact sales', '/contact'],
    ])('%s "%s" goes to %s', async (plan, label, target) => {
      stubFetch();
      const user = userEvent.setup();
      renderPricing();
      await user.click(within(card(plan)).getByRole('link', { name: label }));
      expect(await screen.findByRole('heading', { name: `Target ${target}` })).toBeInTheDocument();
    });
  });

  describe('signed in', () => {
    it('Starter goes to the dashboard', async () => {
      stubFetch({ signedIn: true });
      const user = userEvent.setup();
      renderPricing();
      const starter = within(card('Starter')).getByRole('link', { name: 'Get Started' });
      await waitFor(() => expect(starter).toHaveAttribute('href', '/dashboard'));
      await user.click(starter);
      expect(await screen.findByRole('heading', { name: 'Target /dashboard' })).toBeInTheDocument();
    });

    it.each([
      ['Growth', 'growth'],
      ['Scale', 'scale'],
    ])('%s opens Stripe Checkout in a new tab, in the chosen currency', async (plan, id) => {
      const bodies: unknown[] = [];
      stubFetch({
        signedIn: true,
        routes: {
          '/api/billing/create-checkout': (init) => {
            bodies.push(JSON.parse(String(init?.body)));
            return json({ url: 'https://checkout.stripe.test/c/pay/cs_1' });
          },
        },
      });
      const tab = { location: { href: '' }, close: vi.fn() };
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      const user = userEvent.setup();
      renderPricing();
      await user.click(screen.getByRole('button', { name: /EUR/ }));
      await user.click(await within(card(plan)).findByRole('button', { name: `Choose ${plan}` }));
      await waitFor(() => expect(tab.location.href).toBe('https://checkout.stripe.test/c/pay/cs_1'));
      expect(open).toHaveBeenCalledWith('', '_blank');
      expect(bodies).toEqual([{ stripePriceId: id, currency: 'EUR' }]);
      open.mockRestore();
    });

    it('says so when checkout cannot start, and closes the empty tab', async () => {
      stubFetch({
        signedIn: true,
        routes: {
          '/api/billing/create-checkout': () =>
            json({ error: { code: 'provider_unavailable', message: 'Stripe is down', requestId: 'r' } }, 502),
        },
      });
      const tab = { location: { href: '' }, close: vi.fn() };
      const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
      const user = userEvent.setup();
      renderPricing();
      await user.click(await within(card('Growth')).findByRole('button', { name: 'Choose Growth' }));
      expect(await screen.findByText('Failed to start checkout. Please try again.')).toBeInTheDocument();
      expect(tab.close).toHaveBeenCalled();
      open.mockRestore();
    });

    it("disables the current plan's button, reading Current Plan", async () => {
      stubFetch({
        signedIn: true,
        routes: {
          '/api/billing/check-subscription': () =>
            json({ subscribed: true, tier: 'growth', subscription_end: '2030-01-01T00:00:00.000Z' }),
        },
      });
      renderPricing();
      const current = await within(card('Growth')).findByRole('button', { name: 'Current Plan' });
      expect(current).toBeDisabled();
      expect(within(card('Scale')).getByRole('button', { name: 'Choose Scale' })).toBeEnabled();
      expect(within(card('Starter')).getByRole('link', { name: 'Get Started' })).toHaveAttribute(
        'href',
        '/dashboard',
      );
    });

    it('Enterprise still goes to the calculator', async () => {
      stubFetch({ signedIn: true });
      renderPricing();
      await within(card('Growth')).findByRole('button', { name: 'Choose Growth' });
      expect(within(card('Enterprise')).getByRole('link', { name: 'Calculate your price' })).toHaveAttribute(
        'href',
        '/enterprise-calculator',
      );
    });
  });

  it('answers the billing questions in the FAQ, one open at a time', async () => {
    stubFetch();
    const user = userEvent.setup();
    renderPricing();
    // Native disclosures (<details>): each question is its summary, each answer hidden until opened.
    const question = (q: string) => screen.getByText(q, { selector: 'summary' });
    const disclosure = (q: string) => question(q).closest('details')!;
    expect(disclosure('Can I change plans later?')).not.toHaveAttribute('open');
    expect(screen.getByText(/Upgrades take effect immediately/)).not.toBeVisible();
    await user.click(question('Can I change plans later?'));
    expect(disclosure('Can I change plans later?')).toHaveAttribute('open');
    expect(screen.getByText(/Upgrades take effect immediately/)).toBeVisible();
    expect(screen.getByText(/Downgrades take effect at the start of your next billing cycle/)).toBeVisible();

    await user.click(question("What's your refund policy?"));
    expect(screen.getByText(/30-day money-back guarantee/, { selector: 'details p' })).toBeVisible();

    await user.click(question('What happens if I go over 25 orders on Starter?'));
    expect(screen.getByText(/Every order beyond that costs £2\.50/)).toBeVisible();
    expect(screen.getAllByText(/14-day free trial/).length).toBeGreaterThan(0);
    // One group: the browser closes the others (jsdom does not, so only the shared name is checked).
    const names = [...document.querySelectorAll('details')].map((d) => d.getAttribute('name'));
    expect(new Set(names)).toEqual(new Set(['pricing-faq']));
  });
});
