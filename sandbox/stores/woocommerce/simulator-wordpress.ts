import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { AuthResult, Keyring, WpError } from './simulator-auth';
import type { StoreUrls } from './simulator-json';
import { invalidParam, record, type StoreState } from './simulator-store';

/**
 * The WordPress half of the simulator: how WordPress's REST server frames every answer. It owns the
 * order of checks (WooCommerce's authentication, route match, parameter validation, the route's own
 * permission check), the `{code, message, data: {status}}` error shape, pagination headers, the
 * headers every REST response carries, `rest_no_route` and the public site index at /wp-json/.
 */

/** The store a request is for and how the client addressed it. */
export interface Site {
  store: StoreState;
  /** True behind a TLS proxy (`x-forwarded-proto: https`). */
  https: boolean;
  urls: StoreUrls;
  /** Scheme, host and path of this request as the client addressed it. */
  publicUrl: string;
}

/** One authenticated, validated call a WooCommerce route handles. */
export interface WcCall {
  request: FastifyRequest;
  reply: FastifyReply;
  site: Site;
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

type Permission = 'list' | 'view' | 'create' | 'edit' | 'delete';

/** What a route answers a request it could not attribute to any API key (WordPress's user 0). */
const PERMISSION_ERRORS: Record<Permission, { code: string; message: string }> = {
  list: { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot list resources.' },
  view: { code: 'woocommerce_rest_cannot_view', message: 'Sorry, you cannot view this resource.' },
  create: {
    code: 'woocommerce_rest_cannot_create',
    message: 'Sorry, you are not allowed to create resources.',
  },
  edit: {
    code: 'woocommerce_rest_cannot_edit',
    message: 'Sorry, you are not allowed to edit this resource.',
  },
  delete: {
    code: 'woocommerce_rest_cannot_delete',
    message: 'Sorry, you are not allowed to delete this resource.',
  },
};

const BY_METHOD: Record<string, Permission> = {
  GET: 'view',
  PUT: 'edit',
  POST: 'edit',
  PATCH: 'edit',
  DELETE: 'delete',
};

const BASIC_REALM =
  'Basic realm="WooCommerce API. Use a consumer key in the username field and a consumer secret in the password field."';

const NO_ROUTE: WpError = {
  status: 404,
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
};

export function sendWpError(reply: FastifyReply, error: WpError) {
  return reply.status(error.status).send({
    code: error.code,
    message: error.message,
    data: { status: error.status, ...(error.params ? { params: error.params } : {}) },
  });
}

/** `?force=true`: WordPress's way of asking for a real delete instead of the trash. */
export const isForced = (query: Record<string, string>) => query.force === 'true' || query.force === '1';

/** SKU filters take a comma-separated list; the whole string counts as one SKU too (SKUs may hold commas). */
export function skuFilter(value: string | undefined): Set<string> | null {
  return value ? new Set([...value.split(','), value].map((sku) => sku.trim().toLowerCase())) : null;
}

function paging(query: Record<string, string>): { page: number; perPage: number } | WpError {
  const page = query.page === undefined ? 1 : Number(query.page);
  const perPage = query.per_page === undefined ? 10 : Number(query.per_page);
  if (!Number.isInteger(page)) return invalidParam('page', 'page is not of type integer.');
  if (page < 1) return invalidParam('page', 'page must be greater than or equal to 1');
  if (!Number.isInteger(perPage)) return invalidParam('per_page', 'per_page is not of type integer.');
  if (perPage < 1 || perPage > 100) {
    return invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)');
  }
  return { page, perPage };
}

/**
 * One page of a collection (of a route registered as paginated, so the parameters are valid), with
 * WooCommerce's X-WP-Total, X-WP-TotalPages and Link prev/next headers. The links keep every query
 * parameter of the request, as `add_query_arg` does.
 */
export function paginate<T>(call: WcCall, items: T[]): T[] {
  const { page, perPage } = paging(call.query) as { page: number; perPage: number };
  const total = items.length;
  const totalPages = Math.ceil(total / perPage);
  call.reply.header('X-WP-Total', String(total)).header('X-WP-TotalPages', String(totalPages));
  const base = new URL(call.site.publicUrl);
  for (const [key, value] of Object.entries(call.query)) base.searchParams.set(key, value);
  const link = (p: number, rel: string) => {
    base.searchParams.set('page', String(p));
    return `<${base.toString()}>; rel="${rel}"`;
  };
  const links = [
    ...(page > 1 ? [link(Math.min(page - 1, Math.max(totalPages, 1)), 'prev')] : []),
    ...(totalPages > page ? [link(page + 1, 'next')] : []),
  ];
  if (links.length) call.reply.header('Link', links.join(', '));
  return items.slice((page - 1) * perPage, page * perPage);
}

/** Registers a route under /wp-json/wc/v3; `by-method` picks view/edit/delete from the HTTP method. */
export type WcRoute = (
  methods: HTTPMethods[],
  pattern: string,
  permission: Permission | 'by-method',
  handler: (call: WcCall) => unknown,
  options?: { paginated?: boolean },
) => void;

const queryOf = (request: FastifyRequest) =>
  Object.fromEntries(new URL(request.url, 'http://localhost').searchParams);

/** Installs WordPress's REST framing on the simulator app and returns the route registrar. */
export function mountWordpress(
  app: FastifyInstance,
  opts: { keyring: Keyring; siteOf(request: FastifyRequest): Site },
): WcRoute {
  /** WooCommerce's authentication runs before any route: its 401s come first. */
  function authenticate(request: FastifyRequest, site: Site, reply: FastifyReply): AuthResult {
    const result = opts.keyring.authenticate(
      {
        method: request.method,
        https: site.https,
        publicUrl: site.publicUrl,
        query: queryOf(request),
        form: request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')
          ? (record(request.body) as Record<string, string>)
          : {},
        authorization: request.headers.authorization,
      },
      site.store.nonces,
    );
    if (result.error && site.https) reply.header('WWW-Authenticate', BASIC_REALM);
    return result;
  }

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  // WordPress reads a body as parameters only when it is JSON or a form; anything else is ignored.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (!request.url.startsWith('/wp-json')) {
      return reply.status(error.statusCode ?? 500).send({ error: error.message });
    }
    if (error.code?.startsWith('FST_ERR_CTP_')) {
      return sendWpError(reply, {
        status: 400,
        code: 'rest_invalid_json',
        message: 'Invalid JSON body passed.',
      });
    }
    return sendWpError(reply, {
      status: 500,
      code: 'internal_server_error',
      message: 'There has been a critical error on this website.',
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/wp-json')) return payload;
    const discovery = `<${opts.siteOf(request).urls.origin}/wp-json/>; rel="https://api.w.org/"`;
    const link = reply.getHeader('link');
    reply
      .header('Link', link ? `${String(link)}, ${discovery}` : discovery)
      .header('X-Robots-Tag', 'noindex')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Access-Control-Expose-Headers', 'X-WP-Total, X-WP-TotalPages, Link')
      .header(
        'Access-Control-Allow-Headers',
        'Authorization, X-WP-Nonce, Content-Disposition, Content-MD5, Content-Type',
      );
    return payload;
  });

  app.setNotFoundHandler((request, reply) => {
    if (!request.url.startsWith('/wp-json')) {
      return reply
        .status(404)
        .type('text/html; charset=UTF-8')
        .send('<!doctype html><title>Page not found</title><h1>Page not found</h1>');
    }
    if (request.url.startsWith('/wp-json/wc/')) {
      const auth = authenticate(request, opts.siteOf(request), reply);
      if (auth.error) return sendWpError(reply, auth.error);
    }
    return sendWpError(reply, NO_ROUTE);
  });

  // The WordPress site index: public, and where a client finds the site's name.
  const siteIndex = (request: FastifyRequest) => {
    const { store, urls } = opts.siteOf(request);
    return {
      name: store.title,
      description: 'Kit for the trail, the crag and the campsite',
      url: urls.origin,
      home: urls.origin,
      gmt_offset: 0,
      timezone_string: 'UTC',
      namespaces: ['oembed/1.0', 'wc/store/v1', 'wc/v1', 'wc/v2', 'wc/v3', 'wp/v2', 'wp-site-health/v1'],
      authentication: [],
      site_logo: 0,
      site_icon: 0,
      site_icon_url: '',
      _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] },
    };
  };
  app.get('/wp-json', async (request) => siteIndex(request));
  app.get('/wp-json/', async (request) => siteIndex(request));

  return (methods, pattern, permission, handler, options = {}) => {
    app.route({
      method: methods,
      url: `/wp-json/wc/v3${pattern}`,
      handler: async (request, reply) => {
        const site = opts.siteOf(request);
        const auth = authenticate(request, site, reply);
        if (auth.error) return sendWpError(reply, auth.error);
        const params = request.params as Record<string, string>;
        // WordPress routes match ids with [\d]+: anything else is no route at all.
        const ids = Object.entries(params).filter(([name]) => name === 'id' || name.endsWith('_id'));
        if (ids.some(([, value]) => !/^\d+$/.test(value))) return sendWpError(reply, NO_ROUTE);
        const query = queryOf(request);
        if (options.paginated) {
          const pages = paging(query);
          if ('code' in pages) return sendWpError(reply, pages);
        }
        if (!auth.key) {
          const refused =
            PERMISSION_ERRORS[permission === 'by-method' ? BY_METHOD[request.method]! : permission];
          return sendWpError(reply, { status: 401, ...refused });
        }
        return handler({ request, reply, site, params, query, body: record(request.body) });
      },
    });
  };
}
