import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createSimulator, type SimulatorOptions } from '../../simulator-kit';

/**
 * Twilio's Messages API for the sandbox and tests, on Twilio's paths (`/2010-04-01/Accounts/{AccountSid}/
 * Messages.json` and `/Messages/{Sid}.json`), with its HTTP Basic auth, form-encoded bodies, JSON
 * resources and error body (`{ code, message, more_info, status }`). Nothing is delivered: what was sent
 * can be read by a person at `GET /__sim/messages` (a page, newest first) and by tests at
 * `GET /__sim/messages.json?to=`. Twilio's documented test numbers behave as they do with Twilio's test
 * credentials: To +15005550001 is not a valid number (21211), +15005550009 is not a mobile (21614) and
 * +15005550004 has opted out (21610).
 */
export const TWILIO_SANDBOX_ACCOUNT_SID = 'AC5ea1d2c3b4a5968778695a4b3c2d1e0f';
export const TWILIO_SANDBOX_AUTH_TOKEN = '6f1e2d3c4b5a69788796a5b4c3d2e1f0';
/** Twilio's magic test "From" number: valid, SMS-capable, owned by the test account. */
export const TWILIO_SANDBOX_FROM = '+15005550006';
export const TWILIO_SANDBOX_MESSAGING_SERVICE_SID = 'MG0a1b2c3d4e5f60718293a4b5c6d7e8f9';

const API_VERSION = '2010-04-01';
const E164 = /^\+[1-9]\d{7,14}$/;
const MAX_BODY = 1600;
/** Twilio's test numbers and the error each gives, as with its test credentials. */
const MAGIC_TO: Record<string, { code: number; message: (to: string) => string }> = {
  '+15005550001': { code: 21211, message: (to) => `The 'To' number ${to} is not a valid phone number.` },
  '+15005550009': { code: 21614, message: (to) => `'To' number ${to} is not a valid mobile number` },
  '+15005550004': {
    code: 21610,
    message: () => 'Attempt to send to unsubscribed recipient',
  },
};

export interface TwilioMessage {
  sid: string;
  account_sid: string;
  api_version: string;
  to: string;
  from: string | null;
  messaging_service_sid: string | null;
  body: string;
  status: string;
  direction: 'outbound-api';
  num_segments: string;
  num_media: string;
  error_code: number | null;
  error_message: string | null;
  price: string | null;
  price_unit: string;
  date_created: string;
  date_updated: string;
  date_sent: string | null;
  uri: string;
  subresource_uris: Record<string, string>;
}

/** Twilio writes dates in RFC 2822 form: `Wed, 25 Nov 2026 12:00:00 +0000`. */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** GSM-7 text fits 160 characters in one segment, 153 per segment once split (a rough count is enough). */
const segments = (body: string) => String(body.length <= 160 ? 1 : Math.ceil(body.length / 153));

export function createTwilioSimulator(opts: Pick<SimulatorOptions, 'state'> = {}) {
  const sim = createSimulator({
    name: 'twilio',
    credentials: {
      accountSid: TWILIO_SANDBOX_ACCOUNT_SID,
      authToken: TWILIO_SANDBOX_AUTH_TOKEN,
      from: TWILIO_SANDBOX_FROM,
      messagingServiceSid: TWILIO_SANDBOX_MESSAGING_SERVICE_SID,
    },
    downBody: {
      code: 20500,
      message: 'An internal server error has occurred',
      more_info: 'https://www.twilio.com/docs/errors/20500',
      status: 503,
    },
    state: opts.state,
  });
  const { app } = sim;
  const { messages } = sim.keep('messages', () => ({ messages: [] as TwilioMessage[] }));

  const error = (reply: FastifyReply, status: number, code: number, message: string) =>
    reply
      .status(status)
      .send({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  /** The request's account, or the 401 Twilio gives (wrong or missing Basic auth, or another account's path). */
  function authenticated(request: FastifyRequest<{ Params: { accountSid: string } }>, reply: FastifyReply) {
    const header = request.headers.authorization ?? '';
    const [scheme, encoded] = header.split(' ');
    const [user, ...rest] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const ok =
      scheme === 'Basic' &&
      user === TWILIO_SANDBOX_ACCOUNT_SID &&
      rest.join(':') === TWILIO_SANDBOX_AUTH_TOKEN &&
      request.params.accountSid === TWILIO_SANDBOX_ACCOUNT_SID;
    if (!ok) void error(reply, 401, 20003, 'Authenticate');
    return ok;
  }

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const base = `/${API_VERSION}/Accounts/:accountSid`;

  app.post<{ Params: { accountSid: string }; Body: Record<string, string> | undefined }>(
    `${base}/Messages.json`,
    async (request, reply) => {
      if (!authenticated(request, reply)) return reply;
      const { To: to, From: from, MessagingServiceSid: service, Body: body } = request.body ?? {};
      if (!to) return error(reply, 400, 21604, "A 'To' phone number is required.");
      if (!E164.test(to))
        return error(reply, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const magic = MAGIC_TO[to];
      if (magic) return error(reply, 400, magic.code, magic.message(to));
      if (!from && !service) return error(reply, 400, 21603, "A 'From' phone number is required.");
      if (from && from !== TWILIO_SANDBOX_FROM)
        return error(
          reply,
          400,
          21606,
          `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
        );
      if (!from && service !== TWILIO_SANDBOX_MESSAGING_SERVICE_SID)
        return error(reply, 400, 21701, `The Messaging Service Sid ${service} is invalid.`);
      if (!body) return error(reply, 400, 21602, 'Message body is required.');
      if (body.length > MAX_BODY)
        return error(reply, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');

      const sid = `SM${randomBytes(16).toString('hex')}`;
      const now = rfc2822(new Date());
      const uri = `/${API_VERSION}/Accounts/${TWILIO_SANDBOX_ACCOUNT_SID}/Messages/${sid}.json`;
      const message: TwilioMessage = {
        sid,
        account_sid: TWILIO_SANDBOX_ACCOUNT_SID,
        api_version: API_VERSION,
        to,
        // A Messaging Service picks its sender after acceptance; Twilio answers `from: null` until then.
        from: from ?? null,
        messaging_service_sid: service ?? null,
        body,
        status: service && !from ? 'accepted' : 'queued',
        direction: 'outbound-api',
        num_segments: segments(body),
        num_media: '0',
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        date_created: now,
        date_updated: now,
        date_sent: null,
        uri,
        subresource_uris: { media: uri.replace(/\.json$/, '/Media.json') },
      };
      messages.push(message);
      const answer = { ...message };
      // The phone receives it at once: later reads see it delivered, sent from the sandbox number.
      Object.assign(message, {
        status: 'delivered',
        date_sent: now,
        from: message.from ?? TWILIO_SANDBOX_FROM,
      });
      return reply.status(201).send(answer);
    },
  );

  app.get<{ Params: { accountSid: string; sid: string } }>(
    `${base}/Messages/:sid`,
    async (request, reply) => {
      if (!authenticated(request, reply)) return reply;
      const sid = request.params.sid.replace(/\.json$/, '');
      const message = messages.find((m) => m.sid === sid);
      if (!message)
        return error(reply, 404, 20404, `The requested resource ${request.url.split('?')[0]} was not found`);
      return message;
    },
  );

  app.get<{ Params: { accountSid: string }; Querystring: { To?: string; PageSize?: string } }>(
    `${base}/Messages.json`,
    async (request, reply) => {
      if (!authenticated(request, reply)) return reply;
      const pageSize = Math.min(Math.max(Number(request.query.PageSize) || 50, 1), 1000);
      const matching = messages
        .filter((m) => !request.query.To || m.to === request.query.To)
        .reverse()
        .slice(0, pageSize);
      const uri = request.url;
      return {
        messages: matching,
        page: 0,
        page_size: pageSize,
        start: 0,
        end: Math.max(matching.length - 1, 0),
        uri,
        first_page_uri: uri,
        next_page_uri: null,
        previous_page_uri: null,
      };
    },
  );

  // What the sandbox "phone" received, newest first: JSON for tests, a page for a person.
  const received = (to: string | undefined) =>
    messages
      .filter((m) => !to || m.to === to)
      .reverse()
      .slice(0, 100);
  app.get<{ Querystring: { to?: string } }>('/__sim/messages.json', async (request) => ({
    messages: received(request.query.to),
  }));
  app.get('/__sim/messages', async (_request, reply) => {
    const items = received(undefined)
      .map(
        (m) => `<article>
  <p class="meta">To ${escapeHtml(m.to)} · from ${escapeHtml(m.from ?? '')} · ${escapeHtml(m.date_created)} · ${escapeHtml(m.status)}</p>
  <p class="body">${escapeHtml(m.body)}</p>
</article>`,
      )
      .join('\n');
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox phone · Twilio simulator</title>
<style>
body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem;color:#0f172a}
h1{font-size:1.5rem}article{border:1px solid #e2e8f0;border-radius:12px;padding:.75rem 1rem;margin:.75rem 0}
.meta{color:#475569;font-size:.85rem;margin:0 0 .35rem}.body{margin:0;font-size:1.05rem;overflow-wrap:anywhere}
</style></head><body>
<main>
<h1>Sandbox phone</h1>
<p>Text messages the product sent through Twilio in sandbox mode, newest first. None left this machine.</p>
${items || '<p>No messages yet. Add a phone number under Settings › Security to receive a code.</p>'}
</main>
</body></html>`);
  });
  sim.control('messages/reset', () => {
    messages.length = 0;
    return { messages: 0 };
  });

  return sim;
}

export default createTwilioSimulator;
