import { createHash } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type {
  FeedDeliveryView,
  FeedProduct,
  FeedPushSettingsView,
  FeedSchedule,
  UpdateFeedPushSettingsInput,
} from '#common/api/feed';
import {
  feedDeliveries,
  feedPushSettings,
  merchants,
  type FeedDelivery,
  type Merchant,
} from '../../db/schema/index';
import { maskSecret } from '../../integrations/credentials';
import { AppError } from '../../lib/app-error';
import { open, seal } from '../../lib/crypto';
import { CommerceError, type EngineDeps } from '../commerce';
import { assertSendableUrl, checkEndpointUrl, describeFailure } from '../outbound-webhooks';
import { buildMerchantFeed, FEED_MESSAGES, storeProblemOf } from './feed';

/** The agent simulator's Feed API: sandbox merchants push there until they set their own. */
export const SANDBOX_FEED_ENDPOINT = 'https://chatgpt.agent.sandbox';
export const FEED_PUSH_QUEUE = 'feed-push';
export const FEED_SCHEDULE_QUEUE = 'feed-push-schedule';
export const FEED_CHANGE_QUEUE = 'feed-change-watch';
/** Retries after the first attempt, while the agent is unreachable or answers 5xx. */
export const FEED_PUSH_RETRIES = 4;
/** Products per `PATCH /feeds/{id}/products`: a request the agent reads at once, well under 1 MB each. */
export const UPSERT_BATCH = 100;
const TIMEOUT_MS = 15_000;
/** What the delivery log keeps of the agent's error message. */
const ERROR_LIMIT = 300;
const ENDPOINT = "The agent's Feed API";
const DAY_MS = 24 * 60 * 60 * 1000;

export const FEED_PUSH_MESSAGES = {
  notSetUp: "Set your agent's Feed API address and bearer token before pushing.",
  endpointInvalid: 'Enter the Feed API address your agent gave you (https://…).',
  endpointHttps: 'The Feed API address must start with https://.',
  endpointPrivate: 'This address is on a private network, which agents on the internet cannot be.',
  tokenRequired: 'Enter the bearer token your agent gave you for its Feed API.',
  nothingToSend: 'Nothing was sent: every product is blocked. Fix the blocked products, then push again.',
  refusedToken: (status: number) =>
    `The agent refused the bearer token (HTTP ${status}). Check the token in your feed settings.`,
} as const;

type Deps = Pick<EngineDeps, 'db' | 'keyring' | 'runtime' | 'clock' | 'logger' | 'jobs'>;
type FullDeps = EngineDeps;

/** The sandbox bearer token of a merchant: the simulator keeps each merchant's feeds apart by it. */
const sandboxToken = (merchantId: string) => `feed_sandbox_${merchantId.replaceAll('-', '')}`;

/** The country a merchant sells to first, from its currency: one feed there until it says otherwise. */
const COUNTRY_OF_CURRENCY: Record<string, string> = { GBP: 'GB', USD: 'US', EUR: 'DE', CAD: 'CA', AUD: 'AU' };
const defaultCountry = (merchant: Pick<Merchant, 'defaultCurrency'>) =>
  COUNTRY_OF_CURRENCY[merchant.defaultCurrency] ?? 'US';

export interface PushTarget {
  endpointUrl: string | null;
  token: string | null;
  countries: string[];
  schedule: FeedSchedule;
  agentFeeds: Record<string, string>;
  sandboxDefault: boolean;
}

/** Where and how the merchant's feed is pushed: what it saved, else (sandbox only) the agent simulator. */
export async function loadPushTarget(
  deps: Pick<Deps, 'db' | 'keyring' | 'runtime'>,
  merchant: Pick<Merchant, 'id' | 'defaultCurrency'>,
): Promise<PushTarget> {
  const [row] = await deps.db
    .select()
    .from(feedPushSettings)
    .where(eq(feedPushSettings.merchantId, merchant.id));
  const sandbox = deps.runtime.mode === 'sandbox';
  if (!row?.endpointUrl) {
    return {
      endpointUrl: sandbox ? SANDBOX_FEED_ENDPOINT : null,
      token: sandbox ? sandboxToken(merchant.id) : null,
      countries: row?.countries.length ? row.countries : [defaultCountry(merchant)],
      schedule: (row?.schedule as FeedSchedule | undefined) ?? 'off',
      agentFeeds: row?.agentFeeds ?? {},
      sandboxDefault: sandbox,
    };
  }
  return {
    endpointUrl: row.endpointUrl,
    token: row.tokenSealed ? open(deps.keyring, row.tokenSealed) : null,
    countries: row.countries,
    schedule: row.schedule as FeedSchedule,
    agentFeeds: row.agentFeeds,
    sandboxDefault: false,
  };
}

export const pushSettingsView = (target: PushTarget): FeedPushSettingsView => ({
  endpointUrl: target.endpointUrl,
  tokenSet: target.token !== null,
  tokenHint: target.token ? maskSecret(target.token) : null,
  countries: target.countries,
  schedule: target.schedule,
  sandboxDefault: target.sandboxDefault,
});

/** Saves where the feed goes. A new endpoint or token forgets the agent's feed ids (they were another's). */
export async function savePushSettings(
  deps: Deps,
  merchant: Merchant,
  input: UpdateFeedPushSettingsInput,
): Promise<FeedPushSettingsView> {
  const endpointUrl = checkEndpointUrl(deps.runtime.mode, input.endpointUrl, {
    field: 'endpointUrl',
    invalid: FEED_PUSH_MESSAGES.endpointInvalid,
    https: FEED_PUSH_MESSAGES.endpointHttps,
    private: FEED_PUSH_MESSAGES.endpointPrivate,
  }).replace(/\/+$/, '');
  const current = await loadPushTarget(deps, merchant);
  const token =
    input.token ?? (current.endpointUrl === endpointUrl && !current.sandboxDefault ? current.token : null);
  if (!token && !(deps.runtime.mode === 'sandbox' && endpointUrl === SANDBOX_FEED_ENDPOINT)) {
    throw new AppError('invalid_request', FEED_PUSH_MESSAGES.tokenRequired, {
      fieldErrors: { token: FEED_PUSH_MESSAGES.tokenRequired },
    });
  }
  const sameAgent = current.endpointUrl === endpointUrl && (!input.token || input.token === current.token);
  const countries = [...new Set(input.countries)];
  const values = {
    endpointUrl,
    tokenSealed: seal(deps.keyring, token ?? sandboxToken(merchant.id)),
    countries,
    schedule: input.schedule,
    agentFeeds: sameAgent ? current.agentFeeds : {},
    updatedAt: deps.clock.now(),
  };
  await deps.db
    .insert(feedPushSettings)
    .values({ merchantId: merchant.id, ...values })
    .onConflictDoUpdate({ target: feedPushSettings.merchantId, set: values });
  return pushSettingsView(await loadPushTarget(deps, merchant));
}

export function deliveryView(row: FeedDelivery): FeedDeliveryView {
  return {
    id: row.id,
    trigger: row.trigger as FeedDeliveryView['trigger'],
    country: row.country,
    feedId: row.feedId,
    status: row.status as FeedDeliveryView['status'],
    attempts: row.attempts,
    productsSent: row.productsSent,
    productsAccepted: row.productsAccepted,
    productsRejected: row.productsRejected,
    confirmed: row.confirmed,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** The merchant's feed delivery log, newest first. */
export async function listFeedDeliveries(deps: Pick<Deps, 'db'>, merchantId: string, limit = 20) {
  const rows = await deps.db
    .select()
    .from(feedDeliveries)
    .where(eq(feedDeliveries.merchantId, merchantId))
    .orderBy(desc(feedDeliveries.createdAt))
    .limit(limit);
  return rows.map(deliveryView);
}

/** Queues one push per target country ("Push now" or the schedule); the `feed-push` job sends each. */
export async function queueFeedPush(
  deps: Deps,
  merchant: Pick<Merchant, 'id' | 'defaultCurrency'>,
  trigger: FeedDeliveryView['trigger'],
): Promise<FeedDeliveryView[]> {
  const target = await loadPushTarget(deps, merchant);
  if (!target.endpointUrl || !target.token) throw new AppError('unprocessable', FEED_PUSH_MESSAGES.notSetUp);
  const now = deps.clock.now();
  const rows = await deps.db
    .insert(feedDeliveries)
    .values(
      target.countries.map((country) => ({
        merchantId: merchant.id,
        trigger,
        country,
        endpointUrl: target.endpointUrl!,
        feedId: target.agentFeeds[country] ?? null,
        createdAt: now,
      })),
    )
    .returning();
  for (const row of rows) await deps.jobs.enqueue(FEED_PUSH_QUEUE, { deliveryId: row.id });
  return rows.map(deliveryView);
}

/** A failure worth another attempt (the agent or the store unreachable, 5xx, 429). */
class TransientPushError extends Error {}
/** A failure no retry changes (the token refused, nothing to send). */
class FinalPushError extends Error {}

interface AgentAnswer {
  status: number;
  body: Record<string, unknown> | null;
}

/** One request to the agent's Feed API with the bearer token; no redirects, 15 s at most. */
async function callFeedApi(
  deps: Pick<Deps, 'runtime'>,
  target: { endpointUrl: string; token: string },
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  body?: object,
): Promise<AgentAnswer> {
  const url = `${target.endpointUrl}${path}`;
  let response: Response;
  try {
    assertSendableUrl(deps.runtime.mode, url);
    response = await deps.runtime.context(null, url, { merchantSupplied: true }).http.fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${target.token}`,
        accept: 'application/json',
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'manual',
    });
  } catch (err) {
    throw new TransientPushError(describeFailure(ENDPOINT, err), { cause: err });
  }
  const text = await response.text().catch(() => '');
  let parsed: Record<string, unknown> | null = null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value))
      parsed = value as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  if (response.status === 401 || response.status === 403)
    throw new FinalPushError(FEED_PUSH_MESSAGES.refusedToken(response.status));
  if (response.status >= 500 || response.status === 429)
    throw new TransientPushError(`${ENDPOINT} answered HTTP ${response.status}.`);
  return { status: response.status, body: parsed };
}

const agentMessage = (answer: AgentAnswer) => {
  const message = typeof answer.body?.message === 'string' ? answer.body.message : null;
  return `${ENDPOINT} answered HTTP ${answer.status}${message ? `: ${message.slice(0, ERROR_LIMIT)}` : '.'}`;
};

async function rememberAgentFeed(
  deps: Pick<Deps, 'db'>,
  merchantId: string,
  country: string,
  id: string | null,
) {
  await deps.db
    .update(feedPushSettings)
    .set({
      agentFeeds:
        id === null
          ? sql`${feedPushSettings.agentFeeds} - ${country}::text`
          : sql`${feedPushSettings.agentFeeds} || jsonb_build_object(${country}::text, ${id}::text)`,
    })
    .where(eq(feedPushSettings.merchantId, merchantId));
}

/** The country's feed at the agent: the one made before if the agent still has it, else a new one. */
async function ensureAgentFeed(
  deps: Deps,
  merchant: Merchant,
  target: PushTarget & { endpointUrl: string; token: string },
  country: string,
): Promise<string> {
  const known = target.agentFeeds[country];
  if (known) {
    const found = await callFeedApi(deps, target, 'GET', `/feeds/${encodeURIComponent(known)}`);
    if (found.status === 200) return known;
    if (found.status !== 404) throw new TransientPushError(agentMessage(found));
  }
  const created = await callFeedApi(deps, target, 'POST', '/feeds', { target_country: country });
  const id = created.body?.id;
  if ((created.status !== 201 && created.status !== 200) || typeof id !== 'string')
    throw new FinalPushError(agentMessage(created));
  // Only a saved setting remembers feeds (the sandbox default has no row until the merchant saves one).
  await deps.db
    .insert(feedPushSettings)
    .values({
      merchantId: merchant.id,
      countries: target.countries,
      schedule: target.schedule,
      agentFeeds: {},
    })
    .onConflictDoNothing();
  await rememberAgentFeed(deps, merchant.id, country, id);
  return id;
}

/** The products to send: every record that is not blocked, in the store's order. */
export const recordsOf = (products: { record: FeedProduct | null }[]) =>
  products.flatMap((p) => (p.record ? [p.record] : []));

/** What the agent holds of the store, in one value: equal digests, nothing to send. */
const digestOf = (records: FeedProduct[]) =>
  createHash('sha256').update(JSON.stringify(records)).digest('hex');

/**
 * Sends one queued push: the merchant's feed built fresh from the store, to the country's feed at the
 * agent (`POST /feeds` the first time), upserted in batches (`PATCH /feeds/{id}/products`), then read
 * back (`GET /feeds/{id}`). Each batch the agent refuses counts its products as rejected. A failure that
 * a retry may cure is thrown for the job queue to retry until the last attempt, which records it.
 */
export async function runFeedPush(deps: FullDeps, deliveryId: string): Promise<void> {
  const [row] = await deps.db
    .update(feedDeliveries)
    .set({ attempts: sql`${feedDeliveries.attempts} + 1` })
    .where(and(eq(feedDeliveries.id, deliveryId), eq(feedDeliveries.status, 'pending')))
    .returning();
  if (!row) return;
  const finish = (changes: Partial<FeedDelivery>) =>
    deps.db
      .update(feedDeliveries)
      .set({ ...changes, finishedAt: deps.clock.now() })
      .where(eq(feedDeliveries.id, row.id));
  const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, row.merchantId));
  if (!merchant) return;
  try {
    const target = await loadPushTarget(deps, merchant);
    if (!target.endpointUrl || !target.token) throw new FinalPushError(FEED_PUSH_MESSAGES.notSetUp);
    const agent = { ...target, endpointUrl: target.endpointUrl, token: target.token };
    let records: FeedProduct[];
    try {
      records = recordsOf((await buildMerchantFeed({ engine: deps }, merchant)).products);
    } catch (err) {
      if (err instanceof CommerceError && err.code === 'not_configured')
        throw new FinalPushError(FEED_MESSAGES.noStore);
      const problem = storeProblemOf(err);
      throw new TransientPushError(
        problem ? `Your store could not be read: ${problem}` : 'Your store could not be read.',
        { cause: err },
      );
    }
    if (records.length === 0) throw new FinalPushError(FEED_PUSH_MESSAGES.nothingToSend);
    const feedId = await ensureAgentFeed(deps, merchant, agent, row.country);
    await deps.db.update(feedDeliveries).set({ feedId }).where(eq(feedDeliveries.id, row.id));
    let accepted = 0;
    let rejected = 0;
    let refusal: string | null = null;
    const path = `/feeds/${encodeURIComponent(feedId)}/products`;
    for (let i = 0; i < records.length; i += UPSERT_BATCH) {
      const batch = records.slice(i, i + UPSERT_BATCH);
      const answer = await callFeedApi(deps, agent, 'PATCH', path, { products: batch });
      if (answer.status === 200 && answer.body?.accepted !== false) accepted += batch.length;
      else if (answer.status === 404) {
        // The agent dropped the feed: forget it, and the retry makes a new one.
        await rememberAgentFeed(deps, merchant.id, row.country, null);
        throw new TransientPushError(agentMessage(answer));
      } else {
        rejected += batch.length;
        refusal ??= agentMessage(answer);
      }
    }
    const readBack = await callFeedApi(deps, agent, 'GET', `/feeds/${encodeURIComponent(feedId)}`);
    if (rejected === 0)
      await deps.db
        .update(feedPushSettings)
        .set({ pushedDigest: digestOf(records) })
        .where(eq(feedPushSettings.merchantId, merchant.id));
    await finish({
      status: rejected === 0 ? 'accepted' : accepted === 0 ? 'rejected' : 'partial',
      productsSent: records.length,
      productsAccepted: accepted,
      productsRejected: rejected,
      confirmed: readBack.status === 200,
      error: refusal ?? (readBack.status === 200 ? null : agentMessage(readBack)),
    });
  } catch (err) {
    const message = err instanceof Error ? err.message.slice(0, ERROR_LIMIT) : 'The push failed.';
    if (err instanceof TransientPushError && row.attempts <= FEED_PUSH_RETRIES) {
      await deps.db.update(feedDeliveries).set({ error: message }).where(eq(feedDeliveries.id, row.id));
      throw err;
    }
    if (!(err instanceof TransientPushError) && !(err instanceof FinalPushError)) {
      deps.logger.error({ err, deliveryId }, 'feed push failed unexpectedly');
      if (row.attempts <= FEED_PUSH_RETRIES) throw err;
    }
    await finish({ status: 'failed', error: message });
  }
}

/** The schedule's hourly round: every merchant due a push (hourly, or daily a day after the last) gets one. */
export async function runFeedSchedule(deps: FullDeps): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .select({ merchantId: feedPushSettings.merchantId })
    .from(feedPushSettings)
    .where(
      or(
        eq(feedPushSettings.schedule, 'hourly'),
        and(
          eq(feedPushSettings.schedule, 'daily'),
          or(
            isNull(feedPushSettings.lastScheduledAt),
            // A little under a day, so an hourly round that runs late does not skip a day.
            lt(feedPushSettings.lastScheduledAt, new Date(now.getTime() - DAY_MS + 30 * 60 * 1000)),
          ),
        ),
      ),
    );
  if (due.length === 0) return 0;
  const rows = await deps.db
    .select()
    .from(merchants)
    .where(
      inArray(
        merchants.id,
        due.map((d) => d.merchantId),
      ),
    );
  let queued = 0;
  for (const merchant of rows) {
    try {
      await queueFeedPush(deps, merchant, 'schedule');
      queued++;
    } catch (err) {
      deps.logger.warn({ err, merchantId: merchant.id }, 'scheduled feed push not queued');
    }
    await deps.db
      .update(feedPushSettings)
      .set({ lastScheduledAt: now })
      .where(eq(feedPushSettings.merchantId, merchant.id));
  }
  return queued;
}

/**
 * The store-change watch (ADR 055): store platforms send no catalogue webhooks AgentCart subscribes to, so
 * every merchant pushing on a schedule has its feed built every quarter of an hour and pushed at once when
 * it differs from what the agent last accepted. Returns how many merchants got a push.
 */
export async function runFeedChangeWatch(deps: FullDeps): Promise<number> {
  const watched = await deps.db
    .select({ merchantId: feedPushSettings.merchantId, pushedDigest: feedPushSettings.pushedDigest })
    .from(feedPushSettings)
    .where(ne(feedPushSettings.schedule, 'off'));
  if (watched.length === 0) return 0;
  const busy = new Set(
    (
      await deps.db
        .select({ merchantId: feedDeliveries.merchantId })
        .from(feedDeliveries)
        .where(
          and(
            inArray(
              feedDeliveries.merchantId,
              watched.map((w) => w.merchantId),
            ),
            eq(feedDeliveries.status, 'pending'),
          ),
        )
    ).map((row) => row.merchantId),
  );
  const rows = await deps.db
    .select()
    .from(merchants)
    .where(
      inArray(
        merchants.id,
        watched.map((w) => w.merchantId),
      ),
    );
  let queued = 0;
  for (const merchant of rows) {
    if (busy.has(merchant.id)) continue;
    try {
      const records = recordsOf((await buildMerchantFeed({ engine: deps }, merchant)).products);
      const pushed = watched.find((w) => w.merchantId === merchant.id)?.pushedDigest ?? null;
      if (records.length === 0 || digestOf(records) === pushed) continue;
      await queueFeedPush(deps, merchant, 'change');
      queued++;
    } catch (err) {
      deps.logger.warn({ err, merchantId: merchant.id }, 'feed change watch skipped a merchant');
    }
  }
  return queued;
}
