import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  MerchantWebhookDeliveryView,
  MerchantWebhookSettingsOutput,
} from '#common/api/merchant-webhooks';
import { json, stubFetch, type FetchHandler } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import { WebhooksTab } from './webhooks-tab';

const SETTINGS: MerchantWebhookSettingsOutput = {
  url: null,
  events: [],
  secret_set: false,
  secret_hint: null,
  sandbox_receiver_url: 'https://m1.webhooks.sandbox/webhooks',
};

const DELIVERY: MerchantWebhookDeliveryView = {
  id: '6f1c2a3e-0000-4000-8000-000000000001',
  event_type: 'order.created',
  subject_id: 'ord_1',
  url: 'https://m1.webhooks.sandbox/webhooks',
  status: 'failed',
  attempts: 9,
  last_response_status: 500,
  last_response_body: '{"error":"boom"}',
  last_error: 'Your webhook endpoint answered HTTP 500.',
  last_attempt_at: '2026-11-25T09:00:00.000Z',
  delivered_at: null,
  created_at: '2026-11-25T08:00:00.000Z',
};

function setup(
  routes: Record<string, FetchHandler> = {},
  settings: MerchantWebhookSettingsOutput = SETTINGS,
) {
  const fetchMock = stubFetch({
    signedIn: true,
    routes: {
      '/api/merchant-webhooks': () => json(settings),
      '/api/merchant-webhooks/deliveries': () => json({ deliveries: [] }),
      ...routes,
    },
  });
  renderPage(<WebhooksTab />);
  const calls = (path: string, method: string) =>
    fetchMock.mock.calls.filter(
      ([input, init]) => new URL(String(input), 'http://x').pathname === path && init?.method === method,
    );
  return { user: userEvent.setup(), calls };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Settings › Webhooks form', () => {
  it('needs a URL and at least one event to save, with the exact messages', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please enter a webhook URL')).toBeInTheDocument();
    expect(screen.getByText('Please select at least one event')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Webhook URL'), 'https://hooks.example.com/in');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('Please enter a webhook URL')).not.toBeInTheDocument());
    expect(screen.getByText('Please select at least one event')).toBeInTheDocument();
    expect(calls('/api/merchant-webhooks', 'PUT')).toHaveLength(0);
  });

  it('needs a URL to test', async () => {
    const { user, calls } = setup();
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    expect(await screen.findByText('Please enter a webhook URL first')).toBeInTheDocument();
    expect(calls('/api/merchant-webhooks/test', 'POST')).toHaveLength(0);
  });

  it('saves the URL and events, then shows the new secret once with a copy control that resets after 2 s', async () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const { user, calls } = setup({
      '/api/merchant-webhooks': (init) =>
        init?.method === 'PUT'
          ? json({
              ...SETTINGS,
              ...JSON.parse(String(init.body)),
              secret_set: true,
              secret_hint: 'whsec_••••LaSw',
              secret,
            })
          : json(SETTINGS),
    });
    // user-event puts its own clipboard on navigator; spied on, it records what was copied.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('button', { name: 'Fill sandbox receiver' }));
    expect(screen.getByLabelText('Webhook URL')).toHaveValue('https://m1.webhooks.sandbox/webhooks');
    await user.click(screen.getByRole('checkbox', { name: /order\.created/ }));
    await user.click(screen.getByRole('checkbox', { name: /checkout\.completed/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByLabelText('Webhook signing secret')).toHaveValue(secret);
    expect(JSON.parse(String(calls('/api/merchant-webhooks', 'PUT')[0]![1]!.body))).toEqual({
      url: 'https://m1.webhooks.sandbox/webhooks',
      events: ['order.created', 'checkout.completed'],
    });

    // The 2 s run on a faked clock, so a slow machine cannot spend them before 'Copied' is checked. With
    // timeouts faked, user-event (which waits on one between steps) would stall: a plain click instead.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(secret);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
  });

  it("sends a test event and shows the receiver's status, timing and plain-text excerpt", async () => {
    const { user, calls } = setup(
      {
        '/api/merchant-webhooks/test': () =>
          json({
            delivered: true,
            webhook_id: 'msg_abc',
            status: 200,
            duration_ms: 45,
            excerpt: 'ok, verified',
            error: null,
          }),
      },
      { ...SETTINGS, url: 'https://hooks.example.com/in', secret_set: true, secret_hint: 'whsec_••••abcd' },
    );
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    const title = await screen.findByText('Test event delivered');
    const answer = title.closest<HTMLElement>('[role="status"]')!;
    expect(within(answer).getByText('Your endpoint answered HTTP 200 in 45 ms.')).toBeInTheDocument();
    // The raw answer and the event id wait behind a disclosure.
    expect(within(answer).getByText('ok, verified')).not.toBeVisible();
    await user.click(within(answer).getByText("Details for your endpoint's logs"));
    expect(within(answer).getByText("Your endpoint's answer began:")).toBeInTheDocument();
    expect(within(answer).getByText('ok, verified')).toBeInTheDocument();
    expect(JSON.parse(String(calls('/api/merchant-webhooks/test', 'POST')[0]![1]!.body))).toEqual({
      url: 'https://hooks.example.com/in',
    });
    // Once a secret exists only its masked hint is shown.
    expect(screen.getByText('whsec_••••abcd')).toBeInTheDocument();
    expect(screen.queryByLabelText('Webhook signing secret')).not.toBeInTheDocument();
  });

  it('says when the endpoint refused the test event, how long it took, and what to check', async () => {
    const { user } = setup(
      {
        '/api/merchant-webhooks/test': () =>
          json({
            delivered: false,
            webhook_id: 'msg_def',
            status: 401,
            duration_ms: 1_250,
            excerpt: null,
            error: 'Your webhook endpoint answered HTTP 401.',
          }),
      },
      { ...SETTINGS, url: 'https://hooks.example.com/in', secret_set: true, secret_hint: 'whsec_••••abcd' },
    );
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    const answer = await screen.findByRole('alert');
    expect(within(answer).getByText('Test event not delivered')).toBeInTheDocument();
    expect(
      within(answer).getByText(
        'Your webhook endpoint answered HTTP 401. It took 1.3 s. Check the URL and that your endpoint verifies with this secret.',
      ),
    ).toBeInTheDocument();
    expect(within(answer).queryByText("Your endpoint's answer began:")).not.toBeInTheDocument();
  });
});

describe('Settings › Webhooks delivery log', () => {
  it('says when there are no deliveries yet', async () => {
    setup();
    expect(
      await screen.findByText('No deliveries yet. Events you subscribe to appear here as they are sent.'),
    ).toBeInTheDocument();
  });

  it('says when the log could not be loaded, and offers to try again', async () => {
    setup({
      '/api/merchant-webhooks/deliveries': () =>
        json({ error: { code: 'internal', message: 'The database is unavailable.' } }, 503),
    });
    expect(await screen.findByText('Your webhook deliveries could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows each delivery with its last answer, and redelivers it', async () => {
    const { user, calls } = setup({
      '/api/merchant-webhooks/deliveries': () => json({ deliveries: [DELIVERY] }),
      [`/api/merchant-webhooks/deliveries/${DELIVERY.id}/redeliver`]: () =>
        json({ ...DELIVERY, status: 'pending' }),
    });
    const table = await screen.findByRole('table', { name: 'Webhook deliveries, newest first' });
    const row = (await within(table).findByText('order.created')).closest('tr')!;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(row).getByText('Your webhook endpoint answered HTTP 500.')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /Redeliver/ }));
    await waitFor(() =>
      expect(calls(`/api/merchant-webhooks/deliveries/${DELIVERY.id}/redeliver`, 'POST')).toHaveLength(1),
    );
  });
});
