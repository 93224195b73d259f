import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_ORIGIN_PLACEHOLDER } from '#common/prerendered-pages';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/create-test-app';

const page = (title: string, canonicalPath?: string) =>
  `<!doctype html><title>${title}</title>` +
  (canonicalPath ? `<link rel="canonical" href="${PUBLIC_ORIGIN_PLACEHOLDER}${canonicalPath}" />` : '') +
  `<div id="root"><h1>${title}</h1></div>`;

const ASSET = `export const answer = ${JSON.stringify('42 '.repeat(1000))};`;

let t: TestApp;
beforeAll(async () => {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'agentcart-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><div id="root"></div>');
  mkdirSync(path.join(webRoot, 'pages'));
  writeFileSync(path.join(webRoot, 'pages', 'index.html'), page('Home', '/'));
  writeFileSync(path.join(webRoot, 'pages', 'pricing.html'), page('Pricing', '/pricing'));
  writeFileSync(path.join(webRoot, 'pages', '404.html'), page('Page not found'));
  // As the build leaves an asset: with its Brotli and gzip copies (scripts/precompress-plugin.ts).
  mkdirSync(path.join(webRoot, 'assets'));
  const asset = path.join(webRoot, 'assets', 'app-abc123.js');
  writeFileSync(asset, ASSET);
  writeFileSync(`${asset}.br`, brotliCompressSync(ASSET));
  writeFileSync(`${asset}.gz`, gzipSync(ASSET));
  t = await createTestApp({ webRoot });
});
afterAll(() => t.close());

describe('serving the pre-rendered web app', () => {
  it("serves a public page's own HTML with the instance's origin in its canonical URL", async () => {
    for (const url of ['/pricing', '/pricing/', '/pricing?currency=EUR']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body, url).toContain('<h1>Pricing</h1>');
      expect(res.body).toContain(`<link rel="canonical" href="${TEST_ORIGIN}/pricing" />`);
      expect(res.body).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
    }
    const home = await t.app.inject({ method: 'GET', url: '/' });
    expect(home.body).toContain('<h1>Home</h1>');
  });

  it('serves the app shell for pages the build does not pre-render (signed-in and per-merchant pages)', async () => {
    for (const url of ['/dashboard', '/testing/agent', '/storefront/acct_1']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
    }
  });

  it('serves a page whose path is a secret (the buyer order link) to be neither stored, indexed nor referred', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/order-status/${'0'.repeat(64)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.headers).toMatchObject({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'referrer-policy': 'no-referrer',
    });
    const pricing = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(pricing.headers['cache-control']).toBe('no-cache');
    expect(pricing.headers['x-robots-tag']).toBeUndefined();
  });

  it('answers an unknown path with the pre-rendered not-found page and status 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/no/such/page' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<h1>Page not found</h1>');
  });

  it('does not serve the pre-rendered files themselves (they would carry the placeholder origin)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/pages/pricing.html' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain(PUBLIC_ORIGIN_PLACEHOLDER);
  });
});

describe('compression', () => {
  const decode: Record<string, (body: Buffer) => string> = {
    br: (body) => brotliDecompressSync(body).toString(),
    gzip: (body) => gunzipSync(body).toString(),
  };

  it('sends a page in the encoding the browser prefers, the same HTML as uncompressed', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/pricing' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
    ] as const) {
      for (let request = 0; request < 2; request++) {
        const res = await t.app.inject({
          method: 'GET',
          url: '/pricing',
          headers: { 'accept-encoding': accept },
        });
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(decode[encoding]!(res.rawPayload)).toBe(plain.body);
      }
    }
    const shell = await t.app.inject({
      method: 'GET',
      url: '/dashboard',
      headers: { 'accept-encoding': 'br' },
    });
    expect(decode.br!(shell.rawPayload)).toContain('<div id="root"></div>');
    const missing = await t.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(missing.statusCode).toBe(404);
    expect(decode.gzip!(missing.rawPayload)).toContain('<h1>Page not found</h1>');
  });

  it("sends an asset's compressed copy the build made, or the file itself to a browser that takes neither", async () => {
    const url = '/assets/app-abc123.js';
    const br = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers).toMatchObject({
      'content-encoding': 'br',
      'cache-control': expect.stringContaining('immutable'),
    });
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(decode.br!(br.rawPayload)).toBe(ASSET);
    const gzip = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(decode.gzip!(gzip.rawPayload)).toBe(ASSET);
    const plain = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(ASSET);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });
});
