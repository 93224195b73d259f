/**
 * TanStack Query keys, one family per server resource. A mutation invalidates the family it changed,
 * and every screen showing that resource refreshes, whichever feature folder it lives in.
 */
export const queryKeys = {
  connections: ['connections'] as const,
  merchant: ['merchant'] as const,
  readiness: ['readiness'] as const,
  orders: (limit: number) => ['orders', limit] as const,
  security: (part: string, merchant: string | undefined) => ['security', part, merchant ?? 'own'] as const,
  status: ['status'] as const,
  apiKey: ['api-key'] as const,
  sandboxCredentials: ['sandbox-credentials'] as const,
  payments: ['payments'] as const,
  twoFactor: ['two-factor'] as const,
  merchantWebhooks: ['merchant-webhooks'] as const,
  merchantWebhookDeliveries: ['merchant-webhooks', 'deliveries'] as const,
  securitySettings: ['security-settings'] as const,
  sessions: ['sessions'] as const,
  analytics: ['analytics'] as const,
  notifications: ['notifications'] as const,
  notificationPreferences: ['notifications', 'preferences'] as const,
  feed: ['feed'] as const,
  feedPush: ['feed', 'push'] as const,
};
