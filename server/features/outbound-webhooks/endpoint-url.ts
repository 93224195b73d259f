import { reachesSimulatorControls } from '../../integrations/sandbox-network';
import { AppError } from '../../lib/app-error';
import { assertPublicUrlShape, UnsafeUrlError } from '../../lib/url-safety';

/** What a channel says about a bad endpoint, in its own words, and the form field it goes under. */
export interface EndpointUrlMessages {
  field: string;
  invalid: string;
  https: string;
  private: string;
}

/**
 * What every merchant-supplied endpoint must be, when typed and again at every send: in live mode not on a
 * private network (and the address dialled is checked again by the guarded fetch); in sandbox, where
 * endpoints on loopback are normal (the sandbox receiver, the merchant's own server), never a simulator's
 * controls. Throws UnsafeUrlError.
 */
export function assertSendableUrl(mode: 'sandbox' | 'live', raw: string): URL {
  if (mode === 'live') return assertPublicUrlShape(raw);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeUrlError('Invalid URL');
  }
  if (reachesSimulatorControls(url)) {
    throw new UnsafeUrlError(
      "A sandbox simulator's controls cannot receive webhooks: use the sandbox receiver or your own endpoint",
    );
  }
  return url;
}

/**
 * A webhook endpoint the merchant typed: https (http is allowed in sandbox, where receivers run locally),
 * no credentials in it, and sendable (above). Returns the normalised URL; a bad one is a 400 naming the
 * field.
 */
export function checkEndpointUrl(
  mode: 'sandbox' | 'live',
  raw: string,
  messages: EndpointUrlMessages,
): string {
  const fail = (message: string): never => {
    throw new AppError('invalid_request', message, { fieldErrors: { [messages.field]: message } });
  };
  let url: URL;
  try {
    url = assertSendableUrl(mode, raw);
  } catch (err) {
    return fail(
      err instanceof UnsafeUrlError && err.message !== 'Invalid URL'
        ? err.message.startsWith('This address is on a private network')
          ? messages.private
          : `${messages.invalid} ${err.message}.`
        : messages.invalid,
    );
  }
  if (url.protocol !== 'https:' && !(mode === 'sandbox' && url.protocol === 'http:')) fail(messages.https);
  if (url.username || url.password) fail(messages.invalid);
  return url.toString();
}
