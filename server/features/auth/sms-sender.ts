import type { AppConfig } from '../../config';
import type { IntegrationRuntime } from '../../integrations/runtime';
import type { TwilioCredentials } from '../../integrations/sms/twilio/credentials';
import { twilio } from '../../integrations/sms/twilio/index';

import type { SmsSender } from '../../services/sms-sender';

export type { SmsSender };

/** The sandbox's Twilio account: the simulator's credentials, as it lists them at its `GET /__sim`. */
function sandboxTwilio(runtime: IntegrationRuntime): TwilioCredentials | null {
  const c = runtime.sandboxCredentials.twilio;
  if (!c?.accountSid || !c.authToken || !c.from) return null;
  return { accountSid: c.accountSid, authToken: c.authToken, sender: { from: c.from } };
}

/**
 * The sender of sign-in codes, or null when the phone factor is off. Live mode sends through
 * api.twilio.com with the configured account (config.ts refuses to start without one); sandbox sends
 * the same requests to the Twilio simulator.
 */
export function createSmsSender(
  config: Pick<AppConfig, 'mode' | 'phoneFactor' | 'twilio'>,
  runtime: IntegrationRuntime,
): SmsSender | null {
  if (!config.phoneFactor) return null;
  const credentials = config.mode === 'sandbox' ? sandboxTwilio(runtime) : config.twilio;
  if (!credentials) return null;
  const ctx = runtime.context(credentials, twilio.apiBase);
  return { send: (to, body) => twilio.sendText(ctx, { to, body }) };
}
