/** The server's message for a failed action, or `fallback` ('Failed to sign in') when it sent none. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
