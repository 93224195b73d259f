import { INDEXED_PATHS, PROTECTED_PATHS } from '#common/routes';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sitemaps.org document of the public pages the route table marks as indexed, at the public URL. */
export function sitemapXml(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const urls = INDEXED_PATHS.map((path) => `  <url><loc>${escapeXml(`${base}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything public may be crawled except the merchant's own pages (sign-in only), and the
 * sitemap is named at the public URL.
 */
export function robotsTxt(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Allow: /',
    ...PROTECTED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
