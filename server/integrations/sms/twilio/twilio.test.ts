import { describe, expect, it } from 'vitest';
import { contextFor, expectListing, expectProviderError, fixtureFrom, useFixture } from '../../contract-kit';
import { startSimulator } from '#sandbox/simulator-kit';
import { describeSmsContract } from '../contract';
import type { TwilioCredentials } from './credentials';
import { twilio } from './index';
import {
  createTwilioSimulator,
  TWILIO_SANDBOX_ACCOUNT_SID,
  TWILIO_SANDBOX_AUTH_TOKEN,
  TWILIO_SANDBOX_FROM,
  TWILIO_SANDBOX_MESSAGING_SERVICE_SID,
} from '#sandbox/sms/twilio/simulator';

const credentials: TwilioCredentials = {
  accountSid: TWILIO_SANDBOX_ACCOUNT_SID,
  authToken: TWILIO_SANDBOX_AUTH_TOKEN,
  sender: { from: TWILIO_SANDBOX_FROM },
};

const start = async () =>
  fixtureFrom(await startSimulator('twilio', createTwilioSimulator().app), credentials, {
    ...credentials,
    authToken: '0'.repeat(32),
  });

/** Basic auth as Twilio's own clients send it. */
const auth = `Basic ${Buffer.from(`${TWILIO_SANDBOX_ACCOUNT_SID}:${TWILIO_SANDBOX_AUTH_TOKEN}`).toString('base64')}`;
const messagesPath = `/2010-04-01/Accounts/${TWILIO_SANDBOX_ACCOUNT_SID}/Messages`;

describeSmsContract({
  provider: twilio,
  start,
  async received(fx, to) {
    // Read back through Twilio's own list endpoint, as an operator would.
    const res = await fetch(`${fx.baseUrl}${messagesPath}.json?To=${encodeURIComponent(to)}`, {
      headers: { authorization: auth },
    });
    const { messages } = (await res.json()) as { messages: { sid: string; body: string }[] };
    return messages.map((m) => ({ id: m.sid, body: m.body }));
  },
  refusedNumber: { to: '+15005550001', providerCode: '21211' },
});

describe('twilio simulator', () => {
  const fixture = useFixture(start);

  it("answers with Twilio's Message resource and fetches it by sid", async () => {
    const fx = fixture();
    const sent = await twilio.sendText(contextFor(fx, credentials), { to: '+14155550100', body: 'Hello' });
    expect(sent.status).toBe('queued');
    const res = await fetch(`${fx.baseUrl}${messagesPath}/${sent.id}.json`, {
      headers: { authorization: auth },
    });
    const message = (await res.json()) as Record<string, unknown>;
    expect(message).toMatchObject({
      sid: sent.id,
      account_sid: TWILIO_SANDBOX_ACCOUNT_SID,
      to: '+14155550100',
      from: TWILIO_SANDBOX_FROM,
      body: 'Hello',
      status: 'delivered',
      direction: 'outbound-api',
      num_segments: '1',
      error_code: null,
      error_message: null,
    });
    expect(message.date_created).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
  });

  it('sends through a Messaging Service (accepted, then sent from its number)', async () => {
    const fx = fixture();
    const ctx = contextFor(fx, {
      ...credentials,
      sender: { messagingServiceSid: TWILIO_SANDBOX_MESSAGING_SERVICE_SID },
    });
    expect((await twilio.sendText(ctx, { to: '+14155550101', body: 'Hi' })).status).toBe('accepted');
  });

  it("refuses what Twilio refuses, in Twilio's error shape", async () => {
    const fx = fixture();
    const post = (form: Record<string, string>, authorization = auth) =>
      fetch(`${fx.baseUrl}${messagesPath}.json`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    const noAuth = await post({ To: '+14155550100', From: TWILIO_SANDBOX_FROM, Body: 'x' }, '');
    expect(noAuth.status).toBe(401);
    expect(await noAuth.json()).toEqual({
      code: 20003,
      message: 'Authenticate',
      more_info: 'https://www.twilio.com/docs/errors/20003',
      status: 401,
    });
    const codeOf = async (form: Record<string, string>) =>
      ((await (await post(form)).json()) as { code: number }).code;
    expect(await codeOf({ To: '07700 900123', From: TWILIO_SANDBOX_FROM, Body: 'x' })).toBe(21211);
    expect(await codeOf({ From: TWILIO_SANDBOX_FROM, Body: 'x' })).toBe(21604);
    expect(await codeOf({ To: '+14155550100', Body: 'x' })).toBe(21603);
    expect(await codeOf({ To: '+14155550100', From: '+14155559999', Body: 'x' })).toBe(21606);
    expect(await codeOf({ To: '+14155550100', From: TWILIO_SANDBOX_FROM })).toBe(21602);
    expect(await codeOf({ To: '+15005550009', From: TWILIO_SANDBOX_FROM, Body: 'x' })).toBe(21614);
    expect(await codeOf({ To: '+15005550004', From: TWILIO_SANDBOX_FROM, Body: 'x' })).toBe(21610);
  });

  it('answers an unknown message with 404 (20404)', async () => {
    const fx = fixture();
    const res = await fetch(`${fx.baseUrl}${messagesPath}/SM${'0'.repeat(32)}.json`, {
      headers: { authorization: auth },
    });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: number }).code).toBe(20404);
    await expectProviderError(
      twilio.sendText(contextFor(fx, { ...credentials, accountSid: `AC${'1'.repeat(32)}` }), {
        to: '+14155550100',
        body: 'x',
      }),
      'auth',
    );
  });

  it('shows a person the texts it received, escaped, newest first', async () => {
    const fx = fixture();
    await twilio.sendText(contextFor(fx, credentials), { to: '+14155550102', body: 'Code <b>111111</b>' });
    const page = await (await fetch(`${fx.baseUrl}/__sim/messages`)).text();
    expect(page).toContain('Sandbox phone');
    expect(page).toContain('Code &lt;b&gt;111111&lt;/b&gt;');
    const json = (await (await fetch(`${fx.baseUrl}/__sim/messages.json?to=%2B14155550102`)).json()) as {
      messages: { body: string }[];
    };
    expect(json.messages.map((m) => m.body)).toEqual(['Code <b>111111</b>']);
  });

  it('lists its controls and sandbox credentials', async () => {
    await expectListing(fixture().baseUrl, {
      credentials: {
        accountSid: TWILIO_SANDBOX_ACCOUNT_SID,
        authToken: TWILIO_SANDBOX_AUTH_TOKEN,
        from: TWILIO_SANDBOX_FROM,
        messagingServiceSid: TWILIO_SANDBOX_MESSAGING_SERVICE_SID,
      },
      controls: ['POST /__sim/down', 'POST /__sim/messages/reset'],
    });
  });
});
