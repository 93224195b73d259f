import { acpVersion, type AcpVersion, type OrderEventInput } from '../acp';

/** The WebhookEvent body of the session's ACP `version` for this order, and the status it reports. */
export function orderEvent(version: AcpVersion, input: OrderEventInput) {
  const data = acpVersion(version).orderEventData(input);
  return { body: { type: input.eventType, data }, status: data.status };
}
