/** The server's message for a failed auth action, or the spec's fallback when there is none. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
