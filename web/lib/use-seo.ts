import { useEffect } from 'react';
import { PRODUCT_NAME } from '#common/domain/brand';

export interface SeoProps {
  /** The page's own title; the product name is added as a suffix. */
  title: string;
  description: string;
  /** Canonical path of the page, e.g. "/pricing". */
  path: string;
  /** Pages that should not be indexed (the app behind sign-in, the not-found page). */
  noIndex?: boolean;
}

function upsert(selector: string, create: () => HTMLElement, attr: string, value: string) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  el.setAttribute(attr, value);
}

function meta(key: 'name' | 'property', name: string, content: string) {
  upsert(
    `meta[${key}="${name}"]`,
    () => {
      const m = document.createElement('meta');
      m.setAttribute(key, name);
      return m;
    },
    'content',
    content,
  );
}

/**
 * Sets the page's title, description, canonical URL and social tags. index.html carries defaults for
 * clients that do not run scripts; this keeps one of each tag rather than adding duplicates.
 */
export function useSeo({ title, description, path, noIndex = false }: SeoProps) {
  useEffect(() => {
    const fullTitle = `${title} | ${PRODUCT_NAME}`;
    const url = new URL(path, window.location.origin).toString();
    document.title = fullTitle;
    meta('name', 'description', description);
    meta('name', 'robots', noIndex ? 'noindex, nofollow' : 'index, follow');
    meta('property', 'og:title', fullTitle);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:type', 'website');
    meta('property', 'og:site_name', PRODUCT_NAME);
    meta('name', 'twitter:card', 'summary_large_image');
    meta('name', 'twitter:title', fullTitle);
    meta('name', 'twitter:description', description);
    upsert(
      'link[rel="canonical"]',
      () => {
        const l = document.createElement('link');
        l.setAttribute('rel', 'canonical');
        return l;
      },
      'href',
      url,
    );
  }, [title, description, path, noIndex]);
}
