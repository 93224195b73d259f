import { useEffect, useRef } from 'react';

/**
 * Calls `notify` when a query turns from working to failing: once per run of failures, so a check polled
 * every minute that keeps failing does not raise the same toast again and again. `notify` must be stable.
 */
export function useFailureToast(error: Error | null, notify: (error: Error) => void) {
  const wasFailing = useRef(false);
  useEffect(() => {
    if (error && !wasFailing.current) notify(error);
    wasFailing.current = error !== null;
  }, [error, notify]);
}
