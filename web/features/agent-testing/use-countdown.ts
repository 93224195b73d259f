import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` (never below 0), refreshed every second until it passes. */
export function useCountdown(deadline: string): number {
  const end = Date.parse(deadline);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= end) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [end]);
  return Math.max(0, end - now);
}

/** 754_000 -> "12:34"; an hour or more -> "1:02:03". Partial seconds count as a whole one. */
export function formatDuration(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
