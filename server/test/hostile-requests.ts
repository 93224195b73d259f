import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { z } from 'zod';
import { ACP_VERSIONS } from '../features/acp/versions/registry';
import { TEST_ORIGIN } from './create-test-app';
import type { RegisteredRoute } from './route-table';

/** What a legitimate caller holds; hostile requests sometimes carry it, to get past the door. */
export interface CallerCredentials {
  cookie: string;
  apiKey: string;
}

/** Strings attackers send, for whatever the app might pass them on to. */
const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE merchants; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '{{7*7}}',
  '../../../../etc/passwd',
  '..%2f..%2f',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  'javascript:alert(1)',
  '{"$gt":""}',
  '\r\nSet-Cookie: admin=1',
  '%00',
  '\\',
  'null',
  'undefined',
  'NaN',
  '[object Object]',
];

/**
 * Text that breaks naive code: NUL, unpaired surrogates, a byte-order mark, non-characters, bidi and
 * line separators, combining marks, the last code point, long astral runs, the empty string.
 */
const UNICODE_EDGES = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y',
  '\ufeff',
  '\uffff',
  '\ufffe',
  '\u202eevil',
  '\u2028\u2029',
  'e\u0301\u0301\u0301',
  '\u{10ffff}',
  '😀'.repeat(200),
  '\t\n\v\f\r',
  '',
  ' ',
];

const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));

const hostileText = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.constantFrom(...UNICODE_EDGES),
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.string({ unit: anyCodeUnit, maxLength: 12 }),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
);

const extremeNumber = fc.oneof(
  fc.constantFrom(2 ** 53 + 2, 1e308, -1e308, 5e-324, -0, 2 ** 31, -(2 ** 31) - 1, 1e21, 0.1 + 0.2),
  fc.double(),
  fc.integer(),
);

/** Numbers JSON can write that JavaScript cannot hold exactly (or at all). */
const EXTREME_NUMBER_LITERALS = ['1e999', '-1e999', '123456789012345678901234567890', '-0', '1e-400', '1E+2'];

/** Header values that can travel over HTTP: printable Latin-1, no control characters. */
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 300,
});

/** Percent-encodes text as a client would put it on the wire; an unpaired surrogate goes as its WTF-8 bytes. */
function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      out += [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** Escapes that do not decode to text: a bare `%`, invalid UTF-8, an overlong NUL, a CESU surrogate. */
const BROKEN_ESCAPES = ['%', '%%', '%ZZ', '%FF', '%C0%80', '%ED%A0%80', '%E0%A4%A', '%00', '%2e%2e%2f%2e%2e'];

const SOME_UUID = '3f2b8c4e-9d1a-4e6f-8b7c-0a1d2e3f4a5b';

/**
 * Path and query ids as a client puts them on the wire: shapes close enough to a UUID to pass a loose
 * check (the 36 dashes of issue 28) yet refused by PostgreSQL's uuid type, shapes PostgreSQL reads as a
 * UUID though they are not the canonical form, overlong, non-hex, percent-encoded and Unicode look-alikes.
 */
export const MALFORMED_IDS = [
  '-'.repeat(36),
  '%2D'.repeat(36),
  '0123456789abcdef0123456789abcdef----',
  '-3f2b8c4e9d1a4e6f8b7c0a1d2e3f4a5b---',
  'gggggggg-gggg-gggg-gggg-gggggggggggg',
  'zzzzzzzz-9d1a-4e6f-8b7c-0a1d2e3f4a5b',
  `${SOME_UUID}0`,
  SOME_UUID.slice(0, -1),
  `${SOME_UUID}${SOME_UUID}`,
  'f'.repeat(100),
  'f'.repeat(101),
  SOME_UUID.replaceAll('-', ''),
  SOME_UUID.toUpperCase(),
  `%7B${SOME_UUID}%7D`,
  `${SOME_UUID}%0A`,
  `%20${SOME_UUID}`,
  `${SOME_UUID}%00`,
  `${SOME_UUID}%`,
  [...SOME_UUID].map((char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`).join(''),
  encodeURIComponent(SOME_UUID.replaceAll('-', '\u2010')),
  encodeURIComponent(SOME_UUID.replace(/[0-9]/g, (d) => String.fromCharCode(0xff10 + Number(d)))),
  encodeURIComponent(SOME_UUID.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)))),
  encodeURIComponent(`${SOME_UUID.slice(0, 8)}\u200b${SOME_UUID.slice(8)}`),
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'null',
  '0',
  '-1',
  '0x10',
  '1e3',
];

/**
 * Each of MALFORMED_IDS in each `:param` of a route (the others hold a well-formed UUID) and in each field
 * of its query schema, sent as its legitimate caller would send it: the route's method, the caller's
 * cookie and key, our own origin. So every id reaches the route's own handling instead of stopping at a
 * missing credential.
 */
export function malformedIdRequests(route: RegisteredRoute, credentials: CallerCredentials): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = (url: string): InjectOptions => ({
    method,
    url,
    headers: {
      cookie: credentials.cookie,
      authorization: `Bearer ${credentials.apiKey}`,
      origin: TEST_ORIGIN,
      'api-version': ACP_VERSIONS[ACP_VERSIONS.length - 1]!,
      'idempotency-key': SOME_UUID,
      ...(hasBody ? { 'content-type': 'application/json' } : {}),
    },
    ...(hasBody ? { payload: '{}' } : {}),
  });
  const path = (target?: string, id?: string) =>
    route.url.replace(/:[A-Za-z]+/g, (param) => (param === target ? id! : SOME_UUID));
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  const query = route.schema?.querystring;
  const queryFields = query instanceof z.ZodObject ? Object.keys(query.shape) : [];
  return MALFORMED_IDS.flatMap((id) => [
    ...params.map((target) => request(path(target, id))),
    ...queryFields.map((field) => request(`${path()}?${field}=${id}`)),
  ]);
}

/**
 * Pending-sign-in cookies (the second step's) as a probe sends them: bad escapes, one decoding to NUL,
 * an overlong value, values of the wrong shape, the secure-prefixed name.
 */
export const MALFORMED_PENDING_SIGN_IN_COOKIES = [
  'agentcart.two_factor=%',
  'agentcart.two_factor=%E0%A4%A',
  `agentcart.two_factor=2fa-abc%00def.${'A'.repeat(43)}=`,
  '__Secure-agentcart.two_factor=%ZZ',
  `agentcart.two_factor=2fa-${'x'.repeat(8_000)}`,
  'agentcart.two_factor=2fa-abcdefghijklmnopqrst',
  'agentcart.two_factor=a.b.c',
];

/** Every property name the given JSON schemas declare, at any depth. */
function propertyNames(jsonSchema: unknown, into: Set<string>) {
  const pending = [jsonSchema];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (!node || typeof node !== 'object') continue;
    const properties = (node as { properties?: unknown }).properties;
    if (properties && typeof properties === 'object')
      Object.keys(properties).forEach((name) => into.add(name));
    pending.push(...Object.values(node));
  }
}

/**
 * The field names the app knows: from the routes' own schemas, plus `schemas` validated inside handlers.
 * Generated bodies and queries use them, so hostile values reach each field's own handling instead of
 * stopping at "unknown field".
 */
export function knownFieldNames(routes: RegisteredRoute[], schemas: z.ZodType[]): string[] {
  const names = new Set<string>();
  const fromRoutes = routes.flatMap((route) =>
    [route.schema?.body, route.schema?.querystring, route.schema?.params].filter(
      (schema): schema is z.ZodType => schema instanceof z.ZodType,
    ),
  );
  for (const schema of [...fromRoutes, ...schemas]) {
    propertyNames(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), names);
  }
  return [...names].sort();
}

function valueArbitraries(fieldNames: string[]) {
  const key = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...fieldNames) },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'prototype') },
    { weight: 1, arbitrary: hostileText },
  );
  const scalar = fc.oneof(hostileText, extremeNumber, fc.boolean(), fc.constant(null));
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', maxDepth: 4 },
      scalar,
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(key, tie('value'), { maxKeys: 6 }),
    ),
  }));
  return { key, value };
}

type Body = { payload: string; contentType?: string };

function bodies(fieldNames: string[]): fc.Arbitrary<Body | undefined> {
  const { key, value } = valueArbitraries(fieldNames);
  const nestedText = fc
    .tuple(fc.integer({ min: 60, max: 3_000 }), fc.constantFrom(['[', ']'], ['{"a":', '}'], ['{"a":[', ']}']))
    .map(([depth, [open, close]]) => `${open!.repeat(depth)}1${close!.repeat(depth)}`);
  const text = fc.oneof(
    { weight: 8, arbitrary: fc.dictionary(key, value, { maxKeys: 8 }).map((body) => JSON.stringify(body)) },
    { weight: 2, arbitrary: value.map((body) => JSON.stringify(body) ?? 'null') },
    { weight: 2, arbitrary: nestedText },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...EXTREME_NUMBER_LITERALS))
        .map(([field, literal]) => `{"${field}":${literal}}`),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"__proto__":{"isAdmin":true}}',
        '{"constructor":{"prototype":{"isAdmin":true}}}',
        '{"items":[{"__proto__":{"polluted":1}}]}',
      ),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '{', '{"a":}', '[', '{"a":1}{"b":2}', '\ufeff{}', '\u0000', 'a=1&b=%00'),
    },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
  );
  const contentType = fc.constantFrom(
    'application/json',
    'application/json',
    'application/json; charset=utf-8',
    undefined,
    '',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/json; charset=utf-16',
    'application/merge-patch+json',
    '*/*',
  );
  const body = fc.record({ payload: text, contentType }, { requiredKeys: ['payload'] });
  return fc.option(body, { freq: 5, nil: undefined });
}

function urls(route: RegisteredRoute, fieldNames: string[]) {
  const segment = fc.oneof(
    fc.uuid(),
    hostileText.map(percentEncode),
    fc.constantFrom(...BROKEN_ESCAPES, '..', '0', '-1', '9'.repeat(40)),
    fc.constantFrom(...MALFORMED_IDS),
  );
  const fill = (template: string) =>
    fc.array(segment, { minLength: 8, maxLength: 8 }).map((values) => {
      let next = 0;
      return template.replace(/:[A-Za-z]+/g, () => values[next++]!);
    });
  const wildcard = fc.array(segment, { maxLength: 3 }).map((parts) => parts.join('/'));
  const path = fill(route.url).chain((filled) =>
    filled.includes('*') ? wildcard.map((rest) => filled.replace('*', rest)) : fc.constant(filled),
  );
  const name = fc.oneof(fc.constantFrom(...fieldNames), hostileText).map(percentEncode);
  const pairValue = fc.oneof(
    fc.oneof(hostileText, extremeNumber.map(String)).map(percentEncode),
    fc.constantFrom(...MALFORMED_IDS),
  );
  const query = fc.oneof(
    fc
      .array(fc.tuple(name, pairValue), { maxLength: 5 })
      .map((pairs) => pairs.map(([k, v]) => `${k}=${v}`).join('&')),
    fc.constantFrom(
      ...BROKEN_ESCAPES.map((escape) => `a=${escape}`),
      'a[b]=1',
      '__proto__[x]=1',
      '=&&==',
      'a',
    ),
  );
  return fc
    .tuple(path, fc.option(query, { freq: 2, nil: undefined }))
    .map(([p, q]) => (q === undefined ? p : `${p}?${q}`));
}

/**
 * Headers as the app receives them. A duplicated header reaches it as Node's HTTP parser delivers it:
 * joined with ", " (cookies with "; "), or only the first for the singleton ones (authorization,
 * content-type), which is the same as sending one.
 */
function headers(credentials: CallerCredentials) {
  const twice = (value: fc.Arbitrary<string>, separator = ', ') =>
    fc.tuple(value, value).map(([a, b]) => `${a}${separator}${b}`);
  const validBearer = fc.constant(`Bearer ${credentials.apiKey}`);
  return fc.record(
    {
      authorization: fc.oneof(
        { weight: 4, arbitrary: validBearer },
        { weight: 1, arbitrary: headerText.map((text) => `Bearer ${text}`) },
        { weight: 1, arbitrary: fc.constantFrom('Bearer ', 'Basic Zm9vOmJhcg==', 'bearer') },
      ),
      cookie: fc.oneof(
        { weight: 4, arbitrary: fc.constant(credentials.cookie) },
        { weight: 1, arbitrary: twice(fc.constant(credentials.cookie), '; ') },
        { weight: 1, arbitrary: headerText },
        {
          weight: 1,
          arbitrary: fc
            .tuple(fc.constantFrom(...MALFORMED_PENDING_SIGN_IN_COOKIES), fc.boolean())
            .map(([pending, signedIn]) => (signedIn ? `${credentials.cookie}; ${pending}` : pending)),
        },
      ),
      origin: fc.constantFrom(TEST_ORIGIN, TEST_ORIGIN, 'https://evil.example', 'null'),
      'api-version': fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...ACP_VERSIONS) },
        { weight: 1, arbitrary: twice(fc.constantFrom(...ACP_VERSIONS)) },
        { weight: 1, arbitrary: headerText },
      ),
      'idempotency-key': fc.oneof(fc.uuid(), twice(fc.uuid()), headerText),
      'x-request-id': fc.oneof(headerText, twice(fc.uuid())),
      'request-id': headerText,
      signature: headerText,
      accept: fc.constantFrom('application/json', 'text/html', 'text/event-stream', '*/*', ''),
    },
    { requiredKeys: [] },
  );
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Hostile requests aimed at one route: its method (now and then another), its path with hostile
 * parameters, a hostile query, hostile headers with or without the caller's valid credentials, and a
 * hostile body in any content type.
 */
export function hostileRequests(
  route: RegisteredRoute,
  opts: { credentials: CallerCredentials; fieldNames: string[] },
): fc.Arbitrary<InjectOptions> {
  const method = fc.oneof(
    { weight: 9, arbitrary: fc.constant(route.method as InjectOptions['method']) },
    { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
  );
  return fc
    .record({
      method,
      url: urls(route, opts.fieldNames),
      headers: headers(opts.credentials),
      body: bodies(opts.fieldNames),
      remoteAddress: fc.ipV4(),
    })
    .map(({ body, headers: chosen, ...request }) => ({
      ...request,
      headers: {
        ...chosen,
        ...(body?.contentType === undefined ? {} : { 'content-type': body.contentType }),
      },
      ...(body === undefined ? {} : { payload: body.payload }),
    }));
}
