/** The server's message for a failed auth action, or the action's fallback ('Failed to sign in') when there is none. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
