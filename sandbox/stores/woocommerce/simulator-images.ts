import { CATALOGUE } from './simulator-catalogue';
import { slugify } from './simulator-store';

/**
 * Product photos for the simulated stores, drawn on request as small SVGs (a hillside in a colour
 * derived from the name, with the product's name on it) so storefronts show real images offline.
 * Uploads live at `/wp-content/uploads/<year>/<month>/<slug>.svg`, as WordPress keeps them.
 */

function hueOf(text: string): number {
  return [...text].reduce((hash, c) => (hash * 31 + c.charCodeAt(0)) % 360, 7);
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** Product images by upload slug: each product and each variation has one, generated on request. */
const IMAGE_TITLES = new Map<string, { title: string; subtitle: string }>(
  CATALOGUE.flatMap((entry) => [
    [slugify(entry.name), { title: entry.name, subtitle: entry.category }] as const,
    ...(entry.variations ?? []).map(
      (v) =>
        [`${slugify(entry.name)}-${slugify(v.option)}`, { title: entry.name, subtitle: v.option }] as const,
    ),
  ]),
);

function svg(slug: string, title: string, subtitle: string): string {
  const hue = hueOf(slug);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="hsl(${hue},55%,78%)"/><stop offset="1" stop-color="hsl(${hue},45%,92%)"/></linearGradient></defs>
<rect width="600" height="600" fill="url(#sky)"/>
<path d="M0 430 L150 250 L240 340 L360 170 L600 430 Z" fill="hsl(${(hue + 150) % 360},30%,38%)"/>
<path d="M360 170 L400 225 L375 220 L350 240 L330 212 Z" fill="#fff" opacity=".85"/>
<rect y="430" width="600" height="170" fill="hsl(${(hue + 150) % 360},25%,24%)"/>
<text x="300" y="505" font-family="system-ui,sans-serif" font-size="30" font-weight="600" text-anchor="middle" fill="#fff">${escapeXml(title)}</text>
<text x="300" y="548" font-family="system-ui,sans-serif" font-size="22" text-anchor="middle" fill="#fff" opacity=".8">${escapeXml(subtitle)}</text>
</svg>`;
}

/** The SVG for an upload path such as `2025/03/daypack-20l.svg`, or null when no product has it. */
export function productImage(uploadPath: string): string | null {
  const slug = /([a-z0-9-]+)\.svg$/.exec(uploadPath)?.[1];
  const image = slug ? IMAGE_TITLES.get(slug) : undefined;
  return slug && image ? svg(slug, image.title, image.subtitle) : null;
}
