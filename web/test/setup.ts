import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';

// sonner captures the pointer when a toast is pressed; jsdom has no pointer capture.
const proto = window.HTMLElement.prototype as Partial<HTMLElement>;
proto.setPointerCapture ??= () => undefined;
proto.releasePointerCapture ??= () => undefined;
proto.hasPointerCapture ??= () => false;

// findBy*/waitFor give up after 1 s by default, a budget two busy cores exceed while a page loads its lazy
// chunks and React Query retries. A ceiling for what never appears (the storefront's error waits out two
// retries, about three seconds when idle).
configure({ asyncUtilTimeout: 20_000 });

afterEach(() => {
  cleanup();
  toast.dismiss();
  window.localStorage.clear();
  // jsdom keeps cookies between tests (the preferred currency lives in one).
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  vi.unstubAllGlobals();
});

// A component test that logs an error has found a bug (Epic Stack's rule): fail it.
const originalError = console.error;
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  originalError(...args);
  throw new Error(`console.error was called: ${args.map(String).join(' ')}`);
});
