import { and, eq } from 'drizzle-orm';
import { webhookDeliveries } from '../../db/schema/index';
import type { EngineEvent, EngineEventSubscriber } from '../../events/engine-event';
import type { JobBatch } from '../../jobs/queue';
import type { EngineDeps } from '../commerce';
import { queueDelivery } from '../outbound-webhooks';
import { merchantWebhookChannel } from './channel';
import type { WebhookEventId } from '#common/api/merchant-webhooks';
import {
  eventSubject,
  refundSubjects,
  webhookEventOf,
  type EventSubject,
  type WebhookEventBody,
} from './event-payload';
import { loadWebhookSettingsOf } from './settings';

/**
 * Owes the merchant a webhook when an engine change is one of the events it subscribed to: records the
 * delivery (once per event and subject, however often the change is relayed) with the body as the
 * subject stands now, and queues it. A retry after a crash between the two finds the row still waiting
 * and queues it again. The settings of the batch's merchants are read once for the batch.
 */
export async function recordWebhookEvent(
  deps: EngineDeps,
  event: EngineEvent,
  batch: JobBatch<EngineEvent>,
): Promise<void> {
  const type = webhookEventOf(event);
  if (!type) return;
  const settings = (
    await batch.once('webhook-settings', () =>
      loadWebhookSettingsOf(
        deps,
        batch.items.filter((item) => webhookEventOf(item)).map((item) => item.merchantId),
      ),
    )
  ).of(event.merchantId);
  if (!settings.url || !settings.events.includes(type)) return;
  const subjects =
    type === 'order.refunded' || type === 'refund.failed'
      ? await refundSubjects(deps.db, event, type === 'order.refunded' ? 'succeeded' : 'failed')
      : [await eventSubject(deps.db, event)]
          .filter((subject) => subject !== null)
          .map((subject) => ({ ...subject, subjectId: event.subjectId }));
  for (const subject of subjects) await recordDelivery(deps, event.merchantId, type, settings.url, subject);
}

async function recordDelivery(
  deps: EngineDeps,
  merchantId: string,
  type: WebhookEventId,
  url: string,
  subject: EventSubject & { subjectId: string },
) {
  const now = deps.clock.now();
  const body: WebhookEventBody = {
    type,
    timestamp: now.toISOString(),
    livemode: subject.livemode,
    data: subject.data,
  };
  const delivery = and(
    eq(webhookDeliveries.merchantId, merchantId),
    eq(webhookDeliveries.channel, 'merchant'),
    eq(webhookDeliveries.eventType, type),
    eq(webhookDeliveries.subjectId, subject.subjectId),
  );
  await deps.db
    .insert(webhookDeliveries)
    .values({
      merchantId,
      channel: 'merchant',
      eventType: type,
      subjectId: subject.subjectId,
      url,
      payload: JSON.stringify(body),
      status: 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [row] = await deps.db.select().from(webhookDeliveries).where(delivery);
  if (row && row.status === 'pending' && row.attempts === 0)
    await queueDelivery(deps, merchantWebhookChannel(deps), row.id);
}

/** The merchant's webhooks follow every engine topic (orders, checkouts and offers), for its webhook events. */
export function merchantWebhookSubscriber(deps: EngineDeps): EngineEventSubscriber {
  return {
    name: 'merchant-webhooks',
    topics: ['order', 'checkout', 'offer'],
    retryLimit: 5,
    retryDelaySeconds: 5,
    wants: (event) => webhookEventOf(event) !== null,
    handle: (event, batch) => recordWebhookEvent(deps, event, batch),
  };
}
