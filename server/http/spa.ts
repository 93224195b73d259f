import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import {
  NOT_FOUND_FILE,
  PRERENDERED_DIR,
  PRERENDERED_PATHS,
  prerenderedFileOf,
  PUBLIC_ORIGIN_PLACEHOLDER,
} from '#common/prerendered-pages';
import { appRouteOf } from '#common/routes';
import { pageEncoder } from './page-encodings';

/** Paths of the JSON surfaces: their unknown paths answer in JSON, never with the web app's page. */
const isMachineSurface = (pathname: string) =>
  /^\/(api|acp|webhooks)(\/|$)/.test(pathname) || pathname.startsWith('/.well-known/');

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

/**
 * The pages the build pre-rendered (scripts/prerender.ts), by path, with this instance's public origin
 * filled in (canonical URLs, social tags, structured data). Read once: they change only with a new build.
 */
function loadPrerenderedPages(webRoot: string, publicUrl: string) {
  const origin = publicUrl.replace(/\/+$/, '');
  const read = (file: string) => {
    const fullPath = path.join(webRoot, PRERENDERED_DIR, file);
    return existsSync(fullPath)
      ? readFileSync(fullPath, 'utf8').replaceAll(PUBLIC_ORIGIN_PLACEHOLDER, origin)
      : undefined;
  };
  const byPath = new Map<string, string>();
  for (const pagePath of PRERENDERED_PATHS) {
    const html = read(prerenderedFileOf(pagePath));
    if (html) byPath.set(pagePath, html);
  }
  return { byPath, notFound: read(NOT_FOUND_FILE) };
}

/**
 * Serves the built web app: hashed assets with long caching; the public pages as the build pre-rendered
 * them (real HTML, hydrated in the browser); the merchant's pages as the app shell (index.html), which
 * the browser renders; and every unknown path as the pre-rendered not-found page, with status 404.
 */
export async function registerWebApp(app: FastifyInstance, opts: { webRoot: string; publicUrl: string }) {
  const indexFile = path.join(opts.webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    return;
  }
  const shell = readFileSync(indexFile, 'utf8');
  const pages = loadPrerenderedPages(opts.webRoot, opts.publicUrl);
  const encode = pageEncoder();
  await app.register(fastifyStatic, {
    root: opts.webRoot,
    wildcard: false,
    index: false,
    // The build wrote a Brotli and a gzip copy of every text file (scripts/precompress-plugin.ts).
    preCompressed: true,
    // Pre-rendered pages are served at their own paths, with the origin filled in, never as files.
    globIgnore: [`${PRERENDERED_DIR}/**`],
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });

  app.get('/*', async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isMachineSurface(pathname) || path.extname(pathname)) {
      return reply.callNotFound();
    }
    const route = appRouteOf(pathname);
    const prerendered = withoutTrailingSlash(pathname);
    const [pageKey, html] = !route
      ? ['not-found', pages.notFound ?? shell]
      : pages.byPath.has(prerendered)
        ? [prerendered, pages.byPath.get(prerendered)!]
        : ['shell', shell];
    const { body, encoding } = encode(pageKey, html, request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding) reply.header('content-encoding', encoding);
    if (route?.secretPath) {
      // The address is the credential: no cache keeps it, no index lists it, no Referer carries it on.
      reply
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex, nofollow')
        .header('referrer-policy', 'no-referrer');
    } else {
      reply.header('cache-control', 'no-cache');
    }
    return reply
      .status(route ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(body);
  });
}
