import { queryKeys } from '#web/lib/query-keys';

/** What connecting a payment provider changes: the merchant, its connections, and agent readiness. */
export const PAYMENT_SETUP_KEYS = [queryKeys.merchant, queryKeys.connections, queryKeys.readiness] as const;
