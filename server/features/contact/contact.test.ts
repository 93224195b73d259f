import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '#common/validation/contact';
import { contactMessages, outboundEmails } from '../../db/schema/index';
import { createTestApp, postJson, type TestApp } from '../../test/create-test-app';

const valid = {
  name: 'Ada Merchant',
  email: 'ada@shop.example',
  subject: 'Question about Lightning',
  message: 'Can I use CoinCorner and Stripe at the same time?',
};

describe('contact form (sandbox mailbox)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    [{ name: 'A' }, 'name', CONTACT_MESSAGES.nameTooShort],
    [{ email: 'nope' }, 'email', CONTACT_MESSAGES.email],
    [{ subject: 'Hi' }, 'subject', CONTACT_MESSAGES.subjectTooShort],
    [{ message: 'Too short' }, 'message', CONTACT_MESSAGES.messageTooShort],
    [{ message: 'x'.repeat(2001) }, 'message', CONTACT_MESSAGES.messageTooLong],
  ])(
    'rejects %j with the message of the length or format rule it breaks',
    async (override, field, message) => {
      const res = await postJson(t.app, '/api/contact', { ...valid, ...override });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fieldErrors[field]).toBe(message);
    },
  );

  it('stores the message and delivers it to the sandbox mailbox', async () => {
    const res = await postJson(t.app, '/api/contact', valid);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    const stored = await t.db.select().from(contactMessages);
    expect(stored.at(-1)).toMatchObject({ name: valid.name, email: valid.email, subject: valid.subject });

    const mail = await t.db.select().from(outboundEmails);
    expect(mail.at(-1)).toMatchObject({
      transport: 'sandbox',
      status: 'delivered',
      to: t.config.contactInbox,
      replyTo: valid.email,
      subject: `[Contact] ${valid.subject}`,
    });

    const mailbox = await t.app.inject({ method: 'GET', url: '/__sim/mail' });
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.body).toContain(`[Contact] ${valid.subject}`);
    expect(mailbox.body).toContain(valid.message);
  });

  it('escapes markup in the mailbox page', async () => {
    await postJson(t.app, '/api/contact', { ...valid, subject: '<img src=x onerror=alert(1)>' });
    const mailbox = await t.app.inject({ method: 'GET', url: '/__sim/mail' });
    expect(mailbox.body).not.toContain('<img src=x');
    expect(mailbox.body).toContain('&lt;img src=x');
  });

  it('limits one sender to 5 messages per 15 minutes', async () => {
    const remoteAddress = '192.0.2.10';
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await postJson(t.app, '/api/contact', valid, { remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('contact form over SMTP', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  const received: string[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    smtp.listen(0, '127.0.0.1');
    await once(smtp.server, 'listening');
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${port}`, CONTACT_INBOX: 'team@agentcart.dev' },
    });
  });
  afterAll(async () => {
    await t.close();
    smtp.close();
  });

  it('sends the message through the configured SMTP server', async () => {
    const res = await postJson(t.app, '/api/contact', valid);
    expect(res.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(received[0]).toContain('To: team@agentcart.dev');
    expect(received[0]).toContain(`Reply-To: ${valid.email}`);
    // The body may be quoted-printable wrapped; a short run of it is enough to know it arrived.
    expect(received[0]).toContain('Can I use CoinCorner');
    const mail = await t.db.select().from(outboundEmails);
    expect(mail.at(-1)).toMatchObject({ transport: 'smtp', status: 'delivered' });
  });
});
