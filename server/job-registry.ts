import type { AppContext } from './app-context';
import { countOffers } from './events/count-offers';
import type { EngineEventSubscriber } from './events/engine-event';
import { engineEventJobs, startEngineEventRelay } from './events/relay-engine-events';
import { acpAgentJobs } from './features/acp-agents/jobs';
import { acpOrderEventSubscriber } from './features/acp-agents/order-event-subscriber';
import { idempotencyJobs } from './http/idempotency';
import { billingJobs, orderChargeSubscriber } from './features/billing';
import { commerceJobs, queueRecovery } from './features/commerce';
import { feedJobs } from './features/feed';
import { merchantWebhookJobs, merchantWebhookSubscriber } from './features/merchant-webhooks';
import { notificationJobs, notificationOrderSubscriber, notifyDepsOf } from './features/notifications';
import { refundJobs } from './features/refunds';
import { storefrontDepsOf, storefrontJobs } from './features/storefront';
import { ucpJobs } from './features/ucp';
import { registerInstance } from './jobs/instances';
import { DEFAULT_POLLING_SECONDS, type JobDefinition } from './jobs/queue';

/** Every subscriber to the engine's events, listed once: a new subscriber is one entry here. */
export function engineEventSubscribers(ctx: AppContext): EngineEventSubscriber[] {
  return [
    acpOrderEventSubscriber({ ...ctx.engine, publicUrl: ctx.config.publicUrl }),
    orderChargeSubscriber(ctx),
    merchantWebhookSubscriber(ctx.engine),
    notificationOrderSubscriber(notifyDepsOf(ctx)),
  ];
}

/** Every background job, listed once. */
export function allJobs(ctx: AppContext): JobDefinition<never>[] {
  return [
    ...commerceJobs(ctx.engine, ctx.config.recovery),
    ...acpAgentJobs({ ...ctx.engine, publicUrl: ctx.config.publicUrl }),
    ...ucpJobs({ ...ctx.engine, publicUrl: ctx.config.publicUrl }),
    ...idempotencyJobs({ db: ctx.db, clock: ctx.clock }),
    ...merchantWebhookJobs(ctx.engine),
    ...billingJobs({ db: ctx.db, billing: ctx.billing, clock: ctx.clock }),
    ...notificationJobs(notifyDepsOf(ctx)),
    ...storefrontJobs(storefrontDepsOf(ctx)),
    ...refundJobs(ctx.engine),
    ...feedJobs(ctx.engine),
    ...engineEventJobs(ctx, engineEventSubscribers(ctx)),
  ];
}

/**
 * Starts the background work of this process: its registration as a running instance (before it takes
 * any lease), the job queues (worked, unless `work` is false: tests that drive jobs by hand), the
 * recovery of what dead instances left (now, and whenever one is found dead) and, when working, the relay
 * that hands the engine's events to their subscribers. The result stops them all. `soleInstance`: the
 * database is embedded in this process, so no other instance can be running.
 */
export async function startBackgroundWork(
  ctx: AppContext,
  opts: { work: boolean; pollingIntervalSeconds?: number; soleInstance?: boolean },
): Promise<{ stop(): Promise<void> }> {
  const instance = await registerInstance(ctx.db, ctx.logger, {
    id: ctx.instance.id,
    soleInstance: opts.soleInstance ?? false,
  });
  await ctx.jobs.start(allJobs(ctx), opts);
  await instance.watch(() => queueRecovery(ctx.jobs));
  // Relaying is cheap (an indexed look at unrelayed rows), so it runs twice as often as queues are polled.
  const relay = opts.work
    ? startEngineEventRelay(ctx, engineEventSubscribers(ctx), {
        intervalMs: ((opts.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS) * 1000) / 2,
      })
    : null;
  return {
    async stop() {
      await relay?.stop();
      // The offers made since the last round are counted and their events written before this instance goes.
      if (relay)
        await countOffers(ctx.db).catch((err: unknown) =>
          ctx.logger.warn({ err }, 'offers not counted at shutdown; the next relay round counts them'),
        );
      await ctx.jobs.stop();
      await instance.stop();
    },
  };
}
