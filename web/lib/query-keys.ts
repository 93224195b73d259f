/**
 * TanStack Query keys, one family per server resource. A mutation invalidates the family it changed,
 * and every screen showing that resource refreshes, whichever feature folder it lives in.
 */
export const queryKeys = {
  connections: ['connections'] as const,
  merchant: ['merchant'] as const,
  readiness: ['readiness'] as const,
  status: ['status'] as const,
  apiKey: ['api-key'] as const,
  sandboxCredentials: ['sandbox-credentials'] as const,
};
