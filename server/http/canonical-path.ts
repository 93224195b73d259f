/**
 * One spelling per path, decided before routing, so every guard (CSRF, sign-in rules, rate limits, key
 * checks) sees the same path the router and the libraries behind it see. RFC 3986 §6.2.2 normalisation:
 * percent-encoded unreserved characters are decoded and other escapes upper-cased, dot segments are
 * resolved, and doubled and trailing slashes are dropped. A target that cannot be read that way is
 * malformed and answered 400 (see MALFORMED_TARGET_PATH).
 */

/** Where a malformed request target is routed, to be answered 400 by the app's error handler. */
export const MALFORMED_TARGET_PATH = '/__malformed-request-target';

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;
/** Control characters, spaces, DEL, backslashes (some URL parsers read them as slashes) and fragments. */
function hasForbiddenCharacter(path: string): boolean {
  for (let i = 0; i < path.length; i++) {
    const code = path.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f || code === 0x5c || code === 0x23) return true;
  }
  return false;
}

/** The canonical request target (path plus untouched query), or null when the target is malformed. */
export function canonicalRequestTarget(raw: string): string | null {
  const queryAt = raw.indexOf('?');
  const rawPath = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = queryAt === -1 ? '' : raw.slice(queryAt);
  if (!rawPath.startsWith('/') || hasForbiddenCharacter(rawPath)) return null;

  let malformed = false;
  const decoded = rawPath.replace(/%([0-9A-Fa-f]{2})?/g, (_escape, hex: string | undefined) => {
    if (!hex) {
      malformed = true;
      return '%';
    }
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  if (malformed) return null;

  const segments: string[] = [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  return `/${segments.join('/')}${query}`;
}

/**
 * The request target Fastify should route. Surfaces are matched exactly, so a case variant of one
 * (`/API/…`) is refused rather than passed on to whatever would answer it.
 */
export function routableTarget(raw: string): string {
  const canonical = canonicalRequestTarget(raw);
  if (canonical === null) return MALFORMED_TARGET_PATH;
  const firstSegment = canonical.split(/[/?]/, 2)[1] ?? '';
  const surface = firstSegment.toLowerCase();
  if (firstSegment !== surface && API_SURFACES.has(surface)) return MALFORMED_TARGET_PATH;
  return canonical;
}

/** First path segments of the machine-facing surfaces. */
const API_SURFACES = new Set(['api', 'acp', 'ucp', '.well-known', '__sim']);
