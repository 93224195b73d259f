import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SUPPORT_EMAIL } from '#common/domain/brand';
import { json, stubFetch } from '#web/test/fetch-stub';
import { renderPage } from '#web/test/render';
import ContactPage from './contact-page';

const VALID = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Enterprise pricing',
  message: 'We sell about 3,000 orders a month through agents.',
};

function renderContact() {
  const user = userEvent.setup();
  renderPage(<ContactPage />, { path: '/contact' });
  return user;
}

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<typeof VALID> = VALID) {
  if (values.name) await user.type(screen.getByLabelText('Name'), values.name);
  if (values.email) await user.type(screen.getByLabelText('Email'), values.email);
  if (values.subject) await user.type(screen.getByLabelText('Subject'), values.subject);
  if (values.message) await user.type(screen.getByLabelText('Message'), values.message);
}

const send = () => screen.getByRole('button', { name: /Send Message|Sending/ });

describe('/contact', () => {
  it('shows the response target, business hours and support e-mail', () => {
    stubFetch();
    renderContact();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Talk to the AgentCart team');
    expect(screen.getByText('Reply within 24 hours')).toBeInTheDocument();
    expect(screen.getByText('Monday–Friday, 9:00–18:00 GMT')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: SUPPORT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${SUPPORT_EMAIL}`,
    );
  });

  it('shows the exact validation messages and sends nothing', async () => {
    const fetchMock = stubFetch();
    const user = renderContact();
    await user.click(send());
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name must be at least 2 characters');
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/contact'))).toBe(false);
  });

  it('rejects a malformed e-mail address', async () => {
    stubFetch();
    const user = renderContact();
    await fill(user, { ...VALID, email: 'ada@example' });
    await user.click(send());
    expect(await screen.findByText('Invalid email address')).toBeInTheDocument();
    expect(screen.queryByText('Name must be at least 2 characters')).not.toBeInTheDocument();
  });

  it('posts a valid message, confirms it and clears the form', async () => {
    let release: () => void = () => undefined;
    const fetchMock = stubFetch({
      routes: {
        '/api/contact': () =>
          new Promise<Response>((resolve) => {
            release = () => resolve(json({ success: true, id: 'msg_1' }));
          }),
      },
    });
    const user = renderContact();
    await fill(user);
    await user.click(send());

    await waitFor(() => expect(send()).toBeDisabled());
    expect(send()).toHaveTextContent('Sending...');
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/contact')!;
    expect(call[1]?.method).toBe('POST');
    expect(JSON.parse(String(call[1]?.body))).toEqual(VALID);

    release();
    expect(
      await screen.findByText("Message sent! We'll get back to you as soon as possible."),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Email')).toHaveValue('');
    expect(screen.getByLabelText('Subject')).toHaveValue('');
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(send()).toBeEnabled();
    expect(send()).toHaveTextContent('Send Message');
  });

  it("shows the server's message when it refuses, and keeps what was typed", async () => {
    stubFetch({
      routes: {
        '/api/contact': () =>
          json(
            { error: { code: 'rate_limited', message: 'Too many requests. Please try again shortly.' } },
            429,
          ),
      },
    });
    const user = renderContact();
    await fill(user);
    await user.click(send());
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again shortly.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue(VALID.name);
    expect(send()).toBeEnabled();
  });

  it("puts the server's field messages on their fields", async () => {
    stubFetch({
      routes: {
        '/api/contact': () =>
          json(
            {
              error: {
                code: 'invalid_request',
                message: 'Subject must be less than 200 characters',
                fieldErrors: { subject: 'Subject must be less than 200 characters' },
              },
            },
            400,
          ),
      },
    });
    const user = renderContact();
    await fill(user);
    await user.click(send());
    await waitFor(() =>
      expect(screen.getByLabelText('Subject')).toHaveAccessibleDescription(
        'Subject must be less than 200 characters',
      ),
    );
    expect(screen.getByLabelText('Subject')).toHaveAttribute('aria-invalid', 'true');
  });

  it('shows a readable error when the server answers without a body', async () => {
    stubFetch({ routes: { '/api/contact': () => new Response('', { status: 502 }) } });
    const user = renderContact();
    await fill(user);
    await user.click(send());
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText('Request failed (502)')).toBeInTheDocument();
  });
});
