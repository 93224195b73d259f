import { createContext, useContext, useEffect } from 'react';
import { fullTitle, seoTags, type HeadTag, type SeoProps } from './seo-tags';

export type { SeoProps } from './seo-tags';

/**
 * Set only while the build pre-renders a page (web/entry-server.tsx): the page's useSeo hands its
 * metadata over, and the build writes the head from it. In the browser there is no collector.
 */
export const SeoCollectorContext = createContext<((seo: SeoProps) => void) | null>(null);

function selectorOf(tag: HeadTag) {
  return tag.tag === 'meta' ? `meta[${tag.attr}="${tag.key}"]` : `link[rel="${tag.rel}"]`;
}

/** Updates the tag in place, or adds it: one of each, never duplicates. */
function upsert(tag: HeadTag) {
  let el = document.head.querySelector<HTMLElement>(selectorOf(tag));
  if (!el) {
    el = document.createElement(tag.tag);
    if (tag.tag === 'meta') el.setAttribute(tag.attr, tag.key);
    else el.setAttribute('rel', tag.rel);
    document.head.appendChild(el);
  }
  if (tag.tag === 'meta') el.setAttribute('content', tag.content);
  else el.setAttribute('href', tag.href);
}

/**
 * Declares the page's title, description, canonical URL and social tags. Pre-rendered pages carry them
 * in their HTML already; this keeps them right as the visitor navigates inside the app.
 */
export function useSeo(seo: SeoProps) {
  const collect = useContext(SeoCollectorContext);
  collect?.(seo);
  const { title, description, path, noIndex } = seo;
  useEffect(() => {
    const page = { title, description, path, noIndex };
    document.title = fullTitle(page);
    seoTags(page, window.location.origin).forEach(upsert);
    // A page without a canonical URL must not keep the previous page's.
    if (path === undefined) {
      document.head
        .querySelectorAll('link[rel="canonical"], meta[property="og:url"]')
        .forEach((el) => el.remove());
    }
  }, [title, description, path, noIndex]);
}
