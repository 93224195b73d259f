import { PRODUCT_NAME } from '#common/domain/brand';

export interface SeoProps {
  /** The page's own title; the product name is added as a suffix. */
  title: string;
  description: string;
  /** Canonical path of the page, e.g. "/pricing"; left out on pages that have none (the not-found page). */
  path?: string;
  /** Pages that should not be indexed (the app behind sign-in, the not-found page). */
  noIndex?: boolean;
}

/** One tag of the head: `<meta name|property=… content=…>` or `<link rel=… href=…>`. */
export type HeadTag =
  | { tag: 'meta'; attr: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: string; href: string };

/** The social preview image every page shares (web/public), with the size the social sites expect. */
export const SOCIAL_IMAGE = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  alt: `${PRODUCT_NAME}: payment orchestration for AI-agent checkout`,
};

export const fullTitle = (seo: SeoProps) => `${seo.title} | ${PRODUCT_NAME}`;

/**
 * The head tags of a page at a public origin (e.g. "https://agentcart.dev"). The build writes them into
 * the pre-rendered HTML and the browser keeps them current on navigation (use-seo.ts): one definition.
 */
export function seoTags(seo: SeoProps, origin: string): HeadTag[] {
  const title = fullTitle(seo);
  const meta = (attr: 'name' | 'property', key: string, content: string): HeadTag => ({
    tag: 'meta',
    attr,
    key,
    content,
  });
  const url = seo.path === undefined ? undefined : `${origin}${seo.path}`;
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  return [
    meta('name', 'description', seo.description),
    meta('name', 'robots', seo.noIndex ? 'noindex, nofollow' : 'index, follow'),
    ...(url ? [{ tag: 'link', rel: 'canonical', href: url } as const, meta('property', 'og:url', url)] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', PRODUCT_NAME),
    meta('property', 'og:title', title),
    meta('property', 'og:description', seo.description),
    meta('property', 'og:image', image),
    meta('property', 'og:image:width', String(SOCIAL_IMAGE.width)),
    meta('property', 'og:image:height', String(SOCIAL_IMAGE.height)),
    meta('property', 'og:image:alt', SOCIAL_IMAGE.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', seo.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', SOCIAL_IMAGE.alt),
  ];
}
