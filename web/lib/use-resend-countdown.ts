import { useCallback, useEffect, useState } from 'react';

/**
 * Seconds left before another text can be sent (the server's resend wait), counting down once a
 * second. `start(seconds)` starts it after a send, or after the server said how long to wait.
 */
export function useResendCountdown() {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(() => setLeft((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [left]);
  const start = useCallback((seconds: number) => setLeft(Math.max(0, Math.ceil(seconds))), []);
  return { left, start };
}
