import { z } from 'zod';
import { ProviderError, sendRequest, type AdapterContext } from '../../http';
import type { SmsProvider } from '../sms-provider';
import type { TwilioCredentials } from './credentials';

const PROVIDER = 'twilio';

/** Twilio's error body: `{ code, message, more_info, status }`. */
const twilioError = z.object({ code: z.number().int(), message: z.string(), status: z.number().int() });

/** The fields of a Message resource the adapter relies on. */
const twilioMessage = z.object({ sid: z.string().regex(/^SM[0-9a-f]{32}$/), status: z.string() });

/**
 * Twilio error codes the product tells apart (twilio.com/docs/api/errors): a number that is not valid,
 * not a mobile, or has opted out (STOP) of our messages, and a region we may not send to.
 */
export const TWILIO_ERRORS = {
  authenticate: 20003,
  invalidTo: 21211,
  notMobile: 21614,
  unsubscribed: 21610,
  regionNotEnabled: 21408,
  tooManyRequests: 20429,
} as const;

const basicAuth = ({ accountSid, authToken }: TwilioCredentials) =>
  `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

/** Twilio's answer to a failed request as our error kinds; the provider's message is not repeated. */
function failure(status: number, body: unknown): ProviderError {
  const parsed = twilioError.safeParse(body);
  if (!parsed.success)
    return status >= 500
      ? new ProviderError(PROVIDER, 'unavailable', 'Twilio is unavailable', { status })
      : new ProviderError(PROVIDER, 'malformed_response', 'Twilio answered with something unreadable', {
          status,
        });
  const providerCode = String(parsed.data.code);
  if (status === 401)
    return new ProviderError(PROVIDER, 'auth', 'Twilio refused the account credentials', {
      status,
      providerCode,
    });
  if (status === 429)
    return new ProviderError(PROVIDER, 'rate_limited', 'Twilio is limiting requests', {
      status,
      providerCode,
    });
  if (status >= 500)
    return new ProviderError(PROVIDER, 'unavailable', 'Twilio is unavailable', { status, providerCode });
  if (status === 404)
    return new ProviderError(PROVIDER, 'not_found', 'Twilio has no such resource', { status, providerCode });
  return new ProviderError(
    PROVIDER,
    'invalid_request',
    `Twilio refused the message (error ${providerCode})`,
    {
      status,
      providerCode,
    },
  );
}

/**
 * Text messages through Twilio's Messages API (twilio.com/docs/messaging/api/message-resource):
 * `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded, HTTP Basic auth.
 */
export const twilio: SmsProvider<TwilioCredentials> = {
  id: PROVIDER,
  apiBase: 'https://api.twilio.com',
  async sendText(ctx: AdapterContext<TwilioCredentials>, { to, body }) {
    const { credentials } = ctx;
    const form = new URLSearchParams({ To: to, Body: body });
    if ('from' in credentials.sender) form.set('From', credentials.sender.from);
    else form.set('MessagingServiceSid', credentials.sender.messagingServiceSid);
    const response = await sendRequest(PROVIDER, ctx.http, {
      method: 'POST',
      path: `/2010-04-01/Accounts/${encodeURIComponent(credentials.accountSid)}/Messages.json`,
      headers: { authorization: basicAuth(credentials) },
      form,
    });
    if (response.status < 200 || response.status >= 300) throw failure(response.status, response.body);
    const message = twilioMessage.safeParse(response.body);
    if (!message.success)
      throw new ProviderError(PROVIDER, 'malformed_response', 'Twilio answered with something unreadable', {
        status: response.status,
      });
    return { id: message.data.sid, status: message.data.status };
  },
};
