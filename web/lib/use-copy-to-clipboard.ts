import { useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';

const RESET_AFTER_MS = 2000;

/**
 * Copies text with the Clipboard API and says how it went for 2 seconds. The API is missing on a page
 * served over plain http from another host; then the state is `failed` and the caller offers another way
 * (the text stays visible and selectable).
 */
export function useCopyToClipboard() {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), RESET_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  /** Resolves to whether the text was copied, for callers that announce it (a toast). */
  async function copy(text: string): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      return true;
    } catch {
      setState('failed');
      return false;
    }
  }
  return { state, copy };
}
