/** A share as a percentage with one decimal: 0.2345 -> "23.5%". */
export function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

/** Seconds as a person reads a wait: "45 s", "3 min 20 s", "1 h 5 min". */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min${s % 60 ? ` ${s % 60} s` : ''}`;
  const minutes = Math.round((s % 3600) / 60);
  return `${Math.floor(s / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

/** "2026-11-25" -> "25 Nov", the day as a chart axis shows it (UTC: the report's days are UTC days). */
export function shortDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
