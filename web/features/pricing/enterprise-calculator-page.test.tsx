import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '#web/test/render';
import EnterpriseCalculatorPage from './enterprise-calculator-page';
import { stubFetch } from '#web/test/fetch-stub';

function renderCalculator() {
  const user = userEvent.setup();
  const view = renderPage(<EnterpriseCalculatorPage />, {
    path: '/enterprise-calculator',
    extraRoutes: [{ path: '/contact', element: <h1>Contact page</h1> }],
  });
  return { user, ...view };
}

const volumeInput = () => screen.getByLabelText(/Monthly sales volume/);
const averageInput = () => screen.getByLabelText(/Average order value/);
const orders = () => screen.getByText('Orders per month').parentElement!.querySelector('output')!;

async function enter(user: ReturnType<typeof userEvent.setup>, volume: string, average: string) {
  await user.clear(volumeInput());
  if (volume) await user.type(volumeInput(), volume);
  await user.clear(averageInput());
  if (average) await user.type(averageInput(), average);
}

/** The cells of a plan's row in the cost table: [plan, subscription, fees, total]. */
function row(plan: string) {
  const table = screen.getByRole('table');
  const header = within(table).getByRole('rowheader', { name: new RegExp(`^${plan}`) });
  return within(header.closest('tr')!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

beforeEach(() => {
  stubFetch();
});

describe('/enterprise-calculator', () => {
  it('works out orders and each plan’s monthly cost for a known volume', async () => {
    const { user } = renderCalculator();
    await enter(user, '100000', '50');

    expect(orders()).toHaveTextContent('2,000');
    expect(row('Growth')).toEqual(['£99.00', '£1,000.00', '£1,099.00']);
    expect(row('Scale')).toEqual(['£499.00', '£500.00', '£999.00']);
    expect(row('Enterprise')).toEqual(['Custom', '£250.00', 'from £250.00+ agreed subscription']);
    // 2,000 orders is 1,975 over Starter's 25, at £2.50 each.
    expect(row('Starter')).toEqual(['£0.00', '£2,000.00', '£6,937.50incl. £4,937.50 overage']);

    expect(screen.getByText(/is your lowest-cost plan/)).toHaveTextContent(
      'At 2,000 orders a month, Scale is your lowest-cost plan at £999.00 a month.',
    );
    const scaleHeader = within(screen.getByRole('table')).getByRole('rowheader', { name: /^Scale/ });
    expect(within(scaleHeader).getByText('Lowest cost')).toBeInTheDocument();

    const chart = screen.getByRole('figure', { name: 'Monthly cost by plan' });
    expect(within(chart).getByText('£999/mo')).toBeInTheDocument();
    expect(within(chart).getByText('£1,099/mo')).toBeInTheDocument();
    expect(within(chart).getByText('from £250 + subscription')).toBeInTheDocument();
    expect(within(chart).getByText(/1,975 orders over Starter’s 25-order allowance/)).toBeInTheDocument();
  });

  it('recommends Starter for a handful of orders', async () => {
    const { user } = renderCalculator();
    await enter(user, '1000', '50');
    expect(orders()).toHaveTextContent('20');
    expect(row('Starter')).toEqual(['£0.00', '£20.00', '£20.00']);
    expect(screen.getByText(/is your lowest-cost plan/)).toHaveTextContent(
      'Starter is your lowest-cost plan at £20.00',
    );
  });

  it('uses the remembered currency and follows a change of currency', async () => {
    window.localStorage.setItem('preferred-currency', 'EUR');
    const { user } = renderCalculator();
    expect(volumeInput()).toBeInTheDocument();
    expect(screen.getByLabelText('Monthly sales volume (EUR)')).toBeInTheDocument();
    await enter(user, '100000', '50');
    expect(row('Growth')).toEqual(['€109.00', '€1,000.00', '€1,109.00']);
    // The overage is priced in pounds, so outside GBP it is spelt out rather than converted.
    expect(row('Starter')).toEqual(['€0.00', '€2,000.00', '€2,000.00+ 1,975 × £2.50 overage']);

    await user.click(screen.getByRole('button', { name: /USD/ }));
    expect(row('Scale')).toEqual(['$599.00', '$500.00', '$1,099.00']);
    expect(window.localStorage.getItem('preferred-currency')).toBe('USD');
  });

  it.each([
    ['', '50', 'volume', 'Enter your monthly volume.'],
    ['-5', '50', 'volume', 'Monthly volume must be more than zero.'],
    ['0', '50', 'volume', 'Monthly volume must be more than zero.'],
    ['lots', '50', 'volume', 'Monthly volume must be a number, like 250000.'],
    ['1000.505', '50', 'volume', 'Monthly volume can have at most 2 decimal places.'],
    ['100000001', '50', 'volume', 'Monthly volume can be at most £100,000,000.'],
    ['1000', '', 'average', 'Enter your average order value.'],
    ['1000', '0', 'average', 'Average order value must be more than zero.'],
    ['1000', '2000', 'average', 'Average order value can’t be more than your monthly volume.'],
    ['1000000', '100001', 'average', 'Average order value can be at most £100,000.'],
  ])('volume "%s" and average "%s" explain the %s problem', async (volume, average, field, message) => {
    const { user } = renderCalculator();
    await enter(user, volume, average);
    const input = field === 'volume' ? volumeInput() : averageInput();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(message);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(orders()).toHaveTextContent('—');
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
  });

  it('forgives thousands separators and a currency symbol', async () => {
    const { user } = renderCalculator();
    await enter(user, '£1,000,000', '125.50');
    expect(volumeInput()).not.toHaveAttribute('aria-invalid');
    expect(orders()).toHaveTextContent('7,968');
    expect(row('Scale')).toEqual(['£499.00', '£5,000.00', '£5,499.00']);
  });

  it('invites the visitor to contact sales', async () => {
    const { user } = renderCalculator();
    const cta = screen.getByRole('link', { name: 'Contact sales' });
    expect(cta).toHaveAttribute('href', '/contact?subject=Enterprise%20pricing%20enquiry');
    await user.click(cta);
    expect(await screen.findByRole('heading', { name: 'Contact page' })).toBeInTheDocument();
  });
});
