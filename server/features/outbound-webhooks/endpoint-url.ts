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
 * A webhook endpoint the merchant typed: https (http is allowed in sandbox, where receivers run locally),
 * no credentials in it, and in live mode not on a private network (checked again, on the address
 * dialled, at every send). Returns the normalised URL; a bad one is a 400 naming the field.
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
    url = mode === 'live' ? assertPublicUrlShape(raw) : new URL(raw);
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
