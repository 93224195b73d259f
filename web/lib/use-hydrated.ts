import { useDeferredValue, useSyncExternalStore } from 'react';

const subscribeNever = () => () => {};

/**
 * False while the page is pre-rendered and during its hydration, true from then on (and at once on pages
 * rendered in the browser). State that only the browser knows (local storage, cookies) is read once this
 * is true, so the first client render matches the pre-rendered HTML and React updates it right after.
 * That update is deferred: an external store's change renders at once and in one piece, and what turns
 * on here (the cookie banner) need not hold up a phone's first input.
 */
export function useHydrated(): boolean {
  return useDeferredValue(
    useSyncExternalStore(
      subscribeNever,
      () => true,
      () => false,
    ),
  );
}
