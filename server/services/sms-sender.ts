import type { SentText } from '../integrations/sms/sms-provider';

/** Sends a text from the platform's SMS account; throws the adapter's ProviderError when it cannot. */
export interface SmsSender {
  send(to: string, body: string): Promise<SentText>;
}
