import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isAppPath } from '#common/routes';

/** Paths of the JSON surfaces: their unknown paths answer in JSON, never with the web app's page. */
const isMachineSurface = (pathname: string) =>
  /^\/(api|acp|webhooks)(\/|$)/.test(pathname) || pathname.startsWith('/.well-known/');

/**
 * Serves the built web app: hashed assets with long caching, and index.html for every page path, with a
 * 404 status for paths the app does not know (it still renders its not-found page).
 */
export async function registerWebApp(app: FastifyInstance, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
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
    return reply
      .status(isAppPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  });
}
