import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  STRIPE_OAUTH_DECLINED,
  STRIPE_OAUTH_ERRORS,
  UNKNOWN_OAUTH_ERROR,
} from '#common/validation/connections';
import { renderPage } from '#web/test/render';
import { merchantView, stubSettings } from './settings-fixtures';
import SettingsPage from './settings-page';

afterEach(() => vi.unstubAllGlobals());

function open(url: string) {
  stubSettings(merchantView());
  return renderPage(<SettingsPage />, { path: '/settings', url });
}

describe('/settings ?tab=', () => {
  it.each([
    ['/settings', 'General'],
    ['/settings?tab=stripe', 'Payments'],
    ['/settings?tab=bitcoin', 'Payments'],
    ['/settings?tab=payments', 'Payments'],
    ['/settings?tab=api', 'API'],
    ['/settings?tab=platform', 'Platform'],
    ['/settings?tab=elsewhere', 'General'],
  ])('%s opens %s', async (url, tab) => {
    open(url);
    expect(await screen.findByRole('tab', { name: tab, selected: true })).toBeInTheDocument();
  });

  it('has its tabs in order, and a click selects one and names it in the address', async () => {
    const { router } = open('/settings');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'General',
      'Platform',
      'Payments',
      'API',
      'Webhooks',
      'Notifications',
      'Storefront',
      'Security',
    ]);
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Platform' }));
    expect(screen.getByRole('tab', { name: 'Platform', selected: true })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?tab=platform');
  });
});

describe('the card provider OAuth return', () => {
  it('says which account was connected, then clears the return parameters and keeps the tab', async () => {
    const { router } = open('/settings?tab=stripe&stripe_oauth=success&account_id=acct_1Q2w3E');
    expect(await screen.findByText('Stripe connected')).toBeInTheDocument();
    expect(screen.getByText('The account ending in 2w3E is connected.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('acct_');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=stripe'));
    expect(screen.getByRole('tab', { name: 'Payments', selected: true })).toBeInTheDocument();
  });

  it.each(Object.entries(STRIPE_OAUTH_ERRORS))('shows the error code %s as "%s"', async (code, message) => {
    const { router } = open(`/settings?tab=stripe&stripe_oauth=error&error=${code}&message=x`);
    expect(await screen.findByText('Connection Failed')).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?tab=stripe'));
  });

  it('reads the code from message when that is all the return carries', async () => {
    open('/settings?stripe_oauth=error&message=invalid_state');
    expect(await screen.findByText(STRIPE_OAUTH_ERRORS.invalid_state)).toBeInTheDocument();
  });

  it('says access was declined, and what to do next, when the merchant denied it on Stripe', async () => {
    open('/settings?tab=stripe&stripe_oauth=error&error=access_denied&message=The+user+denied+your+request');
    expect(await screen.findByText(STRIPE_OAUTH_DECLINED.title)).toBeInTheDocument();
    expect(screen.getByText(STRIPE_OAUTH_DECLINED.message)).toBeInTheDocument();
    expect(screen.queryByText('Connection Failed')).not.toBeInTheDocument();
    expect(screen.queryByText(UNKNOWN_OAUTH_ERROR)).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown code', '/settings?stripe_oauth=error&error=server_error'],
    ['no code', '/settings?stripe_oauth=error'],
    ['free text', '/settings?stripe_oauth=error&message=Call%20us%20on%20555-0100'],
  ])('says "Unknown error occurred" for %s, and shows nothing typed into the address', async (_, url) => {
    open(url);
    expect(await screen.findByText(UNKNOWN_OAUTH_ERROR)).toBeInTheDocument();
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
  });

  it('does not repeat an account id that is not one', async () => {
    open('/settings?stripe_oauth=success&account_id=%3Cb%3Eevil%3C%2Fb%3E');
    expect(await screen.findByText('Stripe connected')).toBeInTheDocument();
    expect(screen.queryByText(/evil/)).not.toBeInTheDocument();
  });
});
