import { sameText } from '../../signing';
import { woocommerceOauthSignature, type OauthSignatureMethod } from './signing';

/**
 * The simulator's copy of `WC_REST_Authentication` (WooCommerce 9.x), rule for rule: over HTTPS the keys
 * come from `?consumer_key=&consumer_secret=` first, then HTTP Basic; over HTTP only OAuth 1.0a counts.
 * An unknown key in Basic auth is not an error: the request just runs as nobody and the route's own
 * permission check refuses it. A key's read/write permission is checked against the HTTP method.
 */
export interface SimulatorApiKey {
  consumerKey: string;
  consumerSecret: string;
  permissions: 'read' | 'write' | 'read_write';
}

/** A WordPress REST error: sent as `{code, message, data: {status, params?}}`. */
export interface WpError {
  status: number;
  code: string;
  message: string;
  params?: Record<string, string>;
}

export interface AuthRequest {
  method: string;
  /** True behind a TLS proxy (`x-forwarded-proto: https`), as WordPress's `is_ssl()`. */
  https: boolean;
  /** Scheme, host and path of the store's public URL: what an OAuth client signed. */
  publicUrl: string;
  /** Query parameters, last value winning as in PHP's `$_GET`. */
  query: Record<string, string>;
  /** Form-encoded body parameters (PHP's `$_POST`); JSON bodies are never signed. */
  form: Record<string, string>;
  authorization: string | undefined;
}

export interface AuthResult {
  key: SimulatorApiKey | null;
  error: WpError | null;
}

/** OAuth nonces a store has seen, per consumer key, with their timestamps (kept 15 minutes). */
export type NonceLog = Map<string, Map<string, number>>;

const WINDOW_SECONDS = 15 * 60;
const OAUTH_PARAMS = [
  'oauth_consumer_key',
  'oauth_timestamp',
  'oauth_nonce',
  'oauth_signature',
  'oauth_signature_method',
] as const;

const authError = (message: string, code = 'woocommerce_rest_authentication_error'): WpError => ({
  status: 401,
  code,
  message,
});

function rawUrlDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function phpUrlDecode(value: string): string {
  return rawUrlDecode(value.replace(/\+/g, ' '));
}

function basicCredentials(req: AuthRequest): [string, string] | null {
  if (req.query.consumer_key && req.query.consumer_secret) {
    return [req.query.consumer_key, req.query.consumer_secret];
  }
  const match = /^Basic\s+(\S+)$/i.exec(req.authorization?.trim() ?? '');
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const user = colon < 0 ? decoded : decoded.slice(0, colon);
  const password = colon < 0 ? '' : decoded.slice(colon + 1);
  return user && password ? [user, password] : null;
}

/** `Authorization: OAuth k="v", ...` parsed with the plugin's own regular expression. */
function oauthHeaderParams(authorization: string | undefined): Record<string, string> {
  const header = authorization?.trim() ?? '';
  if (!header.startsWith('OAuth ')) return {};
  const params: Record<string, string> = {};
  for (const m of header.matchAll(/(oauth_[a-z_-]*)=(:?"([^"]*)"|([^,]*))/g)) {
    params[m[1]!] = phpUrlDecode(m[3] || m[4] || '');
  }
  return params;
}

function checkPermissions(key: SimulatorApiKey, method: string): WpError | null {
  const canRead = key.permissions !== 'write';
  const canWrite = key.permissions !== 'read';
  if (method === 'OPTIONS') return null;
  if (method === 'GET' || method === 'HEAD') {
    return canRead ? null : authError('The API key provided does not have read permissions.');
  }
  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    return canWrite ? null : authError('The API key provided does not have write permissions.');
  }
  return authError('Unknown request method.');
}

/** The API keys a simulated store accepts, checked as the plugin checks them. */
export type Keyring = ReturnType<typeof createKeyring>;

export function createKeyring(keys: SimulatorApiKey[], nowSeconds: () => number) {
  const byKey = new Map(keys.map((key) => [key.consumerKey, key]));

  function oauth(req: AuthRequest, nonces: NonceLog): AuthResult {
    const params: Record<string, string> = {
      ...req.query,
      ...req.form,
      ...oauthHeaderParams(req.authorization),
    };
    const missing = OAUTH_PARAMS.filter((name) => !params[name]);
    if (missing.length === OAUTH_PARAMS.length) return { key: null, error: null };
    if (missing.length > 0) {
      const noun = missing.length === 1 ? 'parameter' : 'parameters';
      return {
        key: null,
        error: authError(
          `Missing OAuth ${noun} ${missing.join(', ')}`,
          'woocommerce_rest_authentication_missing_parameter',
        ),
      };
    }
    const key = byKey.get(params.oauth_consumer_key!);
    if (!key) return { key: null, error: authError('Consumer key is invalid.') };

    const method = params.oauth_signature_method as OauthSignatureMethod;
    // The plugin undoes a query parser that turned the base64 "+" into a space, then decodes once more.
    const given = rawUrlDecode(params.oauth_signature!.replace(/ /g, '+'));
    const { oauth_signature: _given, ...signed } = params;
    if (method !== 'HMAC-SHA1' && method !== 'HMAC-SHA256') {
      return { key: null, error: authError('Invalid signature - signature method is invalid.') };
    }
    const expected = woocommerceOauthSignature({
      method: req.method,
      url: req.publicUrl,
      params: signed,
      consumerSecret: key.consumerSecret,
      signatureMethod: method,
    });
    if (!sameText(expected, given)) {
      return { key: null, error: authError('Invalid signature - provided signature does not match.') };
    }

    const timestamp = Number(params.oauth_timestamp);
    const now = nowSeconds();
    if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > WINDOW_SECONDS) {
      return { key: null, error: authError('Invalid timestamp.') };
    }
    const seen = nonces.get(key.consumerKey) ?? new Map<string, number>();
    nonces.set(key.consumerKey, seen);
    for (const [nonce, at] of seen) if (at < now - WINDOW_SECONDS) seen.delete(nonce);
    if (seen.has(params.oauth_nonce!)) {
      return { key: null, error: authError('Invalid nonce - nonce has already been used.') };
    }
    seen.set(params.oauth_nonce!, timestamp);
    return { key, error: null };
  }

  return {
    /** Who is calling, or the 401 the plugin would answer before any route runs. */
    authenticate(req: AuthRequest, nonces: NonceLog): AuthResult {
      let result: AuthResult = { key: null, error: null };
      const basic = req.https ? basicCredentials(req) : null;
      const basicKey = basic ? byKey.get(basic[0]) : undefined;
      if (basic && basicKey) {
        result = sameText(basicKey.consumerSecret, basic[1])
          ? { key: basicKey, error: null }
          : { key: null, error: authError('Consumer secret is invalid.') };
      }
      if (!result.key && !result.error) result = oauth(req, nonces);
      if (result.key) {
        const refused = checkPermissions(result.key, req.method);
        if (refused) return { key: null, error: refused };
      }
      return result;
    },
  };
}
