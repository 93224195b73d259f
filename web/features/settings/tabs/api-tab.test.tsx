import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { merchantView, stubSettings } from '../settings-fixtures';
import { ApiTab } from './api-tab';

afterEach(() => vi.unstubAllGlobals());

const ISSUED = {
  apiKey: 'ak_test_9f8e7d6c5b4a39281706',
  display: 'ak_test_…1706',
  createdAt: '2026-11-25T10:00:00.000Z',
};

describe('Settings › API', () => {
  it('generates a key, shows it once with a copy control, then only its display value and age', async () => {
    let current: { display: string; createdAt: string } | null = null;
    stubSettings(merchantView(), {
      '/api/developers/api-key': (init) => {
        if (init?.method === 'POST') {
          current = { display: ISSUED.display, createdAt: ISSUED.createdAt };
          return json(ISSUED);
        }
        return json({ key: current });
      },
    });
    const user = userEvent.setup();
    const { unmount } = renderPage(<ApiTab />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Generate API key' }));
    expect(await screen.findByLabelText('New API key')).toHaveValue(ISSUED.apiKey);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(ISSUED.apiKey);
    expect(await screen.findByText(ISSUED.display)).toBeInTheDocument();

    // Opened again, the key itself is gone: the display value and creation time remain.
    unmount();
    renderPage(<ApiTab />, { path: '/settings' });
    expect(await screen.findByText(ISSUED.display)).toBeInTheDocument();
    expect(screen.getByText(/, created /)).toBeInTheDocument();
    expect(screen.queryByLabelText('New API key')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(ISSUED.apiKey)).not.toBeInTheDocument();
  });

  it("says 'Error generating API key' with the server's reason", async () => {
    stubSettings(merchantView(), {
      '/api/developers/api-key': (init) =>
        init?.method === 'POST'
          ? json(
              { error: { code: 'rate_limited', message: 'Too many requests, try again in a minute.' } },
              429,
            )
          : json({ key: null }),
    });
    const user = userEvent.setup();
    renderPage(<ApiTab />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Generate API key' }));
    expect(await screen.findByText('Error generating API key')).toBeInTheDocument();
    expect(screen.getByText('Too many requests, try again in a minute.')).toBeInTheDocument();
  });

  it('revokes the key only after a confirmation', async () => {
    const revoke = vi.fn(() => new Response(null, { status: 204 }));
    stubSettings(merchantView(), {
      '/api/developers/api-key': (init) =>
        init?.method === 'DELETE'
          ? revoke()
          : json({ key: { display: ISSUED.display, createdAt: ISSUED.createdAt } }),
    });
    const user = userEvent.setup();
    renderPage(<ApiTab />, { path: '/settings' });
    await user.click(await screen.findByRole('button', { name: 'Revoke key' }));
    const dialog = await screen.findByRole('dialog');
    expect(revoke).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(revoke).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('API key revoked')).toBeInTheDocument();
  });
});
