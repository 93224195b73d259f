export type { AdapterContext } from '../http';
export type WebhookHeaders = Record<string, string | string[] | undefined>;
