import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  NOT_FOUND_FILE,
  PRERENDERED_DIR,
  PRERENDERED_PATHS,
  prerenderedFileOf,
  PUBLIC_ORIGIN_PLACEHOLDER,
} from '../common/prerendered-pages.ts';
import type { RenderedPage } from '../web/entry-server.tsx';
import { STRUCTURED_DATA } from '../web/features/marketing/home/structured-data.ts';
import { fullTitle, seoTags, type HeadTag } from '../web/lib/seo-tags.ts';

/** Rendered at an address no route claims, so the catch-all route renders the not-found page. */
const NOT_FOUND_PROBE = '/__prerender-not-found';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const tagHtml = (tag: HeadTag) =>
  tag.tag === 'meta'
    ? `<meta ${tag.attr}="${escapeHtml(tag.key)}" content="${escapeHtml(tag.content)}" />`
    : `<link rel="${escapeHtml(tag.rel)}" href="${escapeHtml(tag.href)}" />`;

/** JSON inside a script element: "</script>" and friends must not end it early. */
const jsonForScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

function headOf(pagePath: string, { seo }: RenderedPage): string {
  const tags = seoTags(seo, PUBLIC_ORIGIN_PLACEHOLDER).map(tagHtml);
  const jsonLd = STRUCTURED_DATA[pagePath]?.(PUBLIC_ORIGIN_PLACEHOLDER);
  const structuredData = jsonLd
    ? [`<script type="application/ld+json">${jsonForScript(jsonLd)}</script>`]
    : [];
  return [`<title>${escapeHtml(fullTitle(seo))}</title>`, ...tags, ...structuredData].join('\n    ');
}

/** The text of the page's first h1, markup removed; the first-paint check needs one. */
function h1TextOf(html: string): string | undefined {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1];
  return inner
    ?.replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Writes one page: the client build's index.html with the page's own head, its markup in the root
 * element, and the stylesheet inlined, so the first paint needs nothing but this one response (the
 * module scripts are deferred and only hydrate what is already on screen).
 */
function pageHtml(template: string, css: string, pagePath: string, page: RenderedPage): string {
  const withHead = template.replace(/<!-- page-head[^>]*-->[\s\S]*<!-- \/page-head -->/, () =>
    headOf(pagePath, page),
  );
  return withHead
    .replace(/<link rel="stylesheet"[^>]*href="\/assets\/[^"]+\.css"[^>]*>/, () => `<style>${css}</style>`)
    .replace(/<noscript>[\s\S]*?<\/noscript>\s*/, '')
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
}

/**
 * The build's last step (vite.config.ts): renders every public page and the not-found page with the
 * server build of the app and writes them next to the client build. Fails the build when a page does not
 * render or has no h1 text in its HTML (the first-paint check: the HTML alone shows the page's heading).
 */
export async function prerenderPublicPages(opts: { clientDir: string; serverEntry: string }) {
  const { renderPage } = (await import(pathToFileURL(opts.serverEntry).href)) as {
    renderPage: (path: string) => Promise<RenderedPage>;
  };
  const template = readFileSync(path.join(opts.clientDir, 'index.html'), 'utf8');
  const cssHref = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"/.exec(template)?.[1];
  if (!cssHref) throw new Error('prerender: the client build links no stylesheet');
  const css = readFileSync(path.join(opts.clientDir, cssHref), 'utf8');
  const outDir = path.join(opts.clientDir, PRERENDERED_DIR);
  mkdirSync(outDir, { recursive: true });

  const pages = [
    ...PRERENDERED_PATHS.map((p) => ({ path: p, file: prerenderedFileOf(p) })),
    { path: NOT_FOUND_PROBE, file: NOT_FOUND_FILE },
  ];
  const lines: string[] = [];
  for (const { path: pagePath, file } of pages) {
    const page = await renderPage(pagePath);
    const h1 = h1TextOf(page.html);
    if (!h1) throw new Error(`first-paint check: the pre-rendered HTML of ${pagePath} has no h1 text`);
    const html = pageHtml(template, css, pagePath, page);
    writeFileSync(path.join(outDir, file), html);
    lines.push(`  ${file.padEnd(28)} ${(html.length / 1024).toFixed(0).padStart(4)} KB  h1 "${h1}"`);
  }
  console.log(
    `\nPre-rendered ${pages.length} pages (first-paint check: each has its h1 text):\n${lines.join('\n')}`,
  );
}
