import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '#web/features/auth';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { merchantView, stubSettings } from '../settings-fixtures';
import { GeneralTab } from './general-tab';

afterEach(() => vi.unstubAllGlobals());

/** Shows when the session has loaded, so a test presses Save as a signed-in user. */
function SignedInProbe() {
  return useAuth().user ? <span>signed in</span> : null;
}

const saved = (init: RequestInit | undefined) => json(merchantView(JSON.parse(String(init?.body))));

describe('Settings › General', () => {
  it.each([
    ['', 'Business name is required'],
    ['x'.repeat(101), 'Business name must be less than 100 characters'],
    ['Trail Supply #1', 'Business name contains invalid characters'],
    ['<script>x</script>', 'Business name contains prohibited content'],
  ])('refuses the name %j with the message of the rule it breaks', async (name, message) => {
    const { calls } = stubSettings(merchantView());
    renderPage(<GeneralTab merchant={merchantView()} />, { path: '/settings' });
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Merchant Name');
    await user.clear(field);
    if (name) await user.type(field, name);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(calls('/api/merchant/profile', 'PUT')).toHaveLength(0);
  });

  it('saves name, region and currency; with no merchant yet, saving creates it', async () => {
    const { calls } = stubSettings(null, { '/api/merchant/profile': saved });
    renderPage(<GeneralTab merchant={null} />, { path: '/settings' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Merchant Name'), "Trail & Co. (O'Neil)");
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/api/merchant/profile', 'PUT')[0]![1]!.body))).toEqual({
      name: "Trail & Co. (O'Neil)",
      region: 'UK',
      defaultCurrency: 'GBP',
      logoUrl: '',
    });
  });

  it('saves the shop logo as an https:// address, refusing anything else at the field', async () => {
    const { calls } = stubSettings(merchantView(), { '/api/merchant/profile': saved });
    renderPage(<GeneralTab merchant={merchantView()} />, { path: '/settings' });
    const user = userEvent.setup();
    const logo = await screen.findByLabelText('Shop logo URL');
    await user.type(logo, 'http://cdn.example/logo.png');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Logo URL must start with https://')).toBeInTheDocument();
    expect(calls('/api/merchant/profile', 'PUT')).toHaveLength(0);
    await user.clear(logo);
    await user.type(logo, 'https://cdn.example/logo.png');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Changes saved')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/api/merchant/profile', 'PUT')[0]![1]!.body))).toMatchObject({
      logoUrl: 'https://cdn.example/logo.png',
    });
  });

  it("says 'You must be signed in.' when no one is signed in, without sending anything", async () => {
    const fetchMock = stubFetch({ signedIn: false });
    renderPage(<GeneralTab merchant={merchantView()} />, { path: '/settings' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('You must be signed in.')).toBeInTheDocument();
    expect(
      fetchMock.mock.calls.filter(([input]) => String(input).includes('/api/merchant/profile')),
    ).toHaveLength(0);
  });

  it("shows the server's refusal in a destructive 'Error' toast", async () => {
    const { calls } = stubSettings(merchantView(), {
      '/api/merchant/profile': () =>
        json({ error: { code: 'unauthorized', message: 'You must be signed in.' } }, 401),
    });
    renderPage(
      <>
        <SignedInProbe />
        <GeneralTab merchant={merchantView()} />
      </>,
      { path: '/settings' },
    );
    await screen.findByText('signed in');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('You must be signed in.')).toBeInTheDocument();
    expect(calls('/api/merchant/profile', 'PUT')).toHaveLength(1);
  });
});
