import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedDeliveryView, FeedPushSettingsView } from '#common/api/feed';
import { feedDeliveries, feedPushSettings } from '../../db/schema/index';
import type { EngineDeps } from '../commerce';
import { acpSpecAvailable, officialFeedValidator } from '../../test/acp-official-schemas';
import { createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant, type TestMerchant } from '../../test/merchant-kit';
import { FEED_MESSAGES } from './feed';
import {
  FEED_PUSH_MESSAGES,
  FEED_PUSH_RETRIES,
  runFeedChangeWatch,
  runFeedPush,
  runFeedSchedule,
  SANDBOX_FEED_ENDPOINT,
} from './push';

const official = officialFeedValidator();

/** What the app sent to the agent, each request checked against the official feed schema as it goes. */
interface Sent {
  method: string;
  path: string;
  authorization: string | null;
}

describe('pushing the product feed to the agent (ADR 055)', () => {
  let t: TestApp;
  let seller: TestMerchant;
  let deps: EngineDeps;
  const sent: Sent[] = [];
  const invalid: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ jobs: false });
    seller = await newMerchant(t, { connect: true });
    const engine = t.services.engine;
    // The engine as the job runs it, with every request it makes to a Feed API recorded and its body
    // validated against the official schema of the operation (CreateFeedRequest, UpsertProductsRequest).
    deps = {
      ...engine,
      runtime: {
        ...engine.runtime,
        context(credentials, baseUrl, opts) {
          const ctx = engine.runtime.context(credentials, baseUrl, opts);
          const inner = ctx.http.fetch;
          const spy = (async (input: RequestInfo | URL, init?: RequestInit) => {
            const url = new URL(String(input));
            if (url.pathname.startsWith('/feeds')) {
              const headers = new Headers(init?.headers);
              sent.push({
                method: init?.method ?? 'GET',
                path: url.pathname,
                authorization: headers.get('authorization'),
              });
              const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
              const def =
                init?.method === 'POST'
                  ? 'CreateFeedRequest'
                  : init?.method === 'PATCH'
                    ? 'UpsertProductsRequest'
                    : null;
              if (def && acpSpecAvailable) invalid.push(...official(def, body).errors);
            }
            return inner(input, init);
          }) as typeof fetch;
          return { ...ctx, http: { ...ctx.http, fetch: spy } };
        },
      },
    };
  });
  afterAll(() => t.close());

  const agentFeeds = async () => {
    const res = await fetch(`${t.simulators!.simulators.agent.baseUrl}/__sim/feeds`);
    return (await res.json()) as { feeds: { id: string; target_country: string | null; products: number }[] };
  };
  const log = async (merchant = seller): Promise<FeedDeliveryView[]> => {
    const res = await dashboardRequest(t, merchant.cookie, 'GET', '/api/feed/push/deliveries');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().deliveries;
  };
  const pushNow = async (merchant = seller) => {
    const res = await dashboardRequest(t, merchant.cookie, 'POST', '/api/feed/push', {});
    expect(res.statusCode, res.body).toBe(200);
    return res.json().deliveries as FeedDeliveryView[];
  };

  it('sandbox defaults to the agent simulator; Push now creates the feed, upserts every sendable product and reads it back', async () => {
    const settings = await dashboardRequest(t, seller.cookie, 'GET', '/api/feed/push/settings');
    expect(settings.json()).toMatchObject({
      endpointUrl: SANDBOX_FEED_ENDPOINT,
      tokenSet: true,
      countries: ['GB'],
      schedule: 'off',
      sandboxDefault: true,
    } satisfies Partial<FeedPushSettingsView>);
    const queued = await pushNow();
    expect(queued).toMatchObject([{ country: 'GB', status: 'pending', trigger: 'manual' }]);
    await runFeedPush(deps, queued[0]!.id);
    const [done] = await log();
    const preview = (await dashboardRequest(t, seller.cookie, 'GET', '/api/feed')).json();
    const sendable = preview.counts.products.ready + preview.counts.products.warning;
    expect(done).toMatchObject({
      status: 'accepted',
      productsSent: sendable,
      productsAccepted: sendable,
      productsRejected: 0,
      confirmed: true,
      error: null,
    });
    const { feeds } = await agentFeeds();
    const feed = feeds.find((f) => f.id === done!.feedId)!;
    expect(feed).toMatchObject({ target_country: 'GB', products: sendable });
    expect(sent.map((r) => `${r.method} ${r.path.replace(done!.feedId!, '{id}')}`)).toEqual([
      'POST /feeds',
      ...Array.from({ length: Math.ceil(sendable / 100) }, () => 'PATCH /feeds/{id}/products'),
      'GET /feeds/{id}',
    ]);
    expect(sent.every((r) => r.authorization?.startsWith('Bearer feed_sandbox_'))).toBe(true);
    expect(invalid).toEqual([]);
  });

  it('a second push reuses the same feed at the agent (upsert, not a new feed)', async () => {
    const before = (await agentFeeds()).feeds.length;
    const [queued] = await pushNow();
    await runFeedPush(deps, queued!.id);
    const [done, first] = await log();
    expect(done).toMatchObject({ status: 'accepted', feedId: first!.feedId });
    expect((await agentFeeds()).feeds.length).toBe(before);
    expect(invalid).toEqual([]);
  });

  it('retries while the agent is down, then records the failure on the last attempt', async () => {
    const base = t.simulators!.simulators.agent.baseUrl;
    const [queued] = await pushNow();
    await fetch(`${base}/__sim/down`, { method: 'POST' });
    try {
      await expect(runFeedPush(deps, queued!.id)).rejects.toThrow(/HTTP 503|Could not reach/);
      const [retrying] = await log();
      expect(retrying).toMatchObject({ status: 'pending', attempts: 1 });
      expect(retrying!.error).toBeTruthy();
      for (let i = 0; i < FEED_PUSH_RETRIES - 1; i++)
        await runFeedPush(deps, queued!.id).catch(() => undefined);
      await runFeedPush(deps, queued!.id); // the last attempt records instead of throwing
      const [failed] = await log();
      expect(failed).toMatchObject({ status: 'failed', attempts: FEED_PUSH_RETRIES + 1 });
    } finally {
      await fetch(`${base}/__sim/up`, { method: 'POST' });
    }
  });

  it("saves the merchant's own endpoint, token, countries and schedule; never returns the token", async () => {
    const bad = await dashboardRequest(t, seller.cookie, 'PUT', '/api/feed/push/settings', {
      endpointUrl: 'not a url',
      token: 'tok_abcdefgh1234',
      countries: ['GB'],
      schedule: 'daily',
    });
    expect(bad.statusCode).toBe(400);
    const noToken = await dashboardRequest(t, seller.cookie, 'PUT', '/api/feed/push/settings', {
      endpointUrl: 'https://shop.agent.sandbox',
      countries: ['GB'],
      schedule: 'daily',
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error.message).toBe(FEED_PUSH_MESSAGES.tokenRequired);
    const token = 'tok_live_feed_secret_9876';
    const saved = await dashboardRequest(t, seller.cookie, 'PUT', '/api/feed/push/settings', {
      endpointUrl: 'https://shop.agent.sandbox/',
      token,
      countries: ['gb', 'US'],
      schedule: 'daily',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(token);
    expect(saved.json()).toMatchObject({
      endpointUrl: 'https://shop.agent.sandbox',
      tokenSet: true,
      countries: ['GB', 'US'],
      schedule: 'daily',
      sandboxDefault: false,
    });
    // A new agent: the feed ids of the old one are forgotten.
    const [row] = await t.db
      .select()
      .from(feedPushSettings)
      .where(eq(feedPushSettings.merchantId, seller.merchantId));
    expect(row!.agentFeeds).toEqual({});
    expect(row!.tokenSealed).not.toContain(token);
  });

  it('the schedule pushes every target country once a day, with the saved token', async () => {
    sent.length = 0;
    expect(await runFeedSchedule(deps)).toBe(1);
    expect(await runFeedSchedule(deps)).toBe(0); // not again the same day
    const scheduled = (await log()).filter((d) => d.trigger === 'schedule');
    expect(scheduled.map((d) => d.country).sort()).toEqual(['GB', 'US']);
    for (const d of scheduled) await runFeedPush(deps, d.id);
    const after = (await log()).filter((d) => d.trigger === 'schedule');
    expect(after.every((d) => d.status === 'accepted')).toBe(true);
    expect(sent.every((r) => r.authorization === 'Bearer tok_live_feed_secret_9876')).toBe(true);
    const countries = (await agentFeeds()).feeds.map((f) => f.target_country);
    expect(countries).toEqual(expect.arrayContaining(['GB', 'US']));
    expect(invalid).toEqual([]);
  });

  it('the change watch pushes only when the catalogue differs from what the agent last accepted', async () => {
    expect(await runFeedChangeWatch(deps)).toBe(0);
    // As if the store changed since: the digest of what was accepted no longer matches.
    await t.db
      .update(feedPushSettings)
      .set({ pushedDigest: 'stale' })
      .where(eq(feedPushSettings.merchantId, seller.merchantId));
    expect(await runFeedChangeWatch(deps)).toBe(1);
    expect(await runFeedChangeWatch(deps)).toBe(0); // one is already on its way
    const changed = (await log()).filter((d) => d.trigger === 'change');
    expect(changed.map((d) => d.country).sort()).toEqual(['GB', 'US']);
    for (const d of changed) await runFeedPush(deps, d.id);
    expect(await runFeedChangeWatch(deps)).toBe(0);
  });

  it('a new token gets its own feed; a merchant without a store fails at once; another merchant sees none of this log', async () => {
    await dashboardRequest(t, seller.cookie, 'PUT', '/api/feed/push/settings', {
      endpointUrl: 'https://shop.agent.sandbox',
      token: 'tok_other_agent_1234',
      countries: ['GB'],
      schedule: 'off',
    });
    // The simulator keeps feeds per token: a token it never saw has no feed, so this one creates its own.
    const [queued] = await pushNow();
    await runFeedPush(deps, queued!.id);
    expect((await log())[0]).toMatchObject({ status: 'accepted' });
    const other = await newMerchant(t);
    expect(await log(other)).toEqual([]);
    const none = await dashboardRequest(t, other.cookie, 'POST', '/api/feed/push', {});
    // No store: the push is queued and fails at once, in words (nothing can be built; no retry).
    expect(none.statusCode, none.body).toBe(200);
    await runFeedPush(deps, none.json().deliveries[0].id);
    const [failedRow] = await t.db
      .select()
      .from(feedDeliveries)
      .where(eq(feedDeliveries.merchantId, other.merchantId));
    expect(failedRow).toMatchObject({ status: 'failed', attempts: 1, error: FEED_MESSAGES.noStore });
  });

  it('exports metadata.json and products.jsonl, each line a valid Product', async () => {
    const metadata = await dashboardRequest(
      t,
      seller.cookie,
      'GET',
      '/api/feed/export/metadata.json?country=US',
    );
    expect(metadata.statusCode, metadata.body).toBe(200);
    expect(metadata.headers['content-disposition']).toBe('attachment; filename="metadata.json"');
    if (acpSpecAvailable) expect(official('FeedMetadata', metadata.json()).errors).toEqual([]);
    expect(metadata.json()).toMatchObject({ target_country: 'US' });
    const products = await dashboardRequest(t, seller.cookie, 'GET', '/api/feed/export/products.jsonl');
    expect(products.statusCode).toBe(200);
    const lines = products.body.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      if (acpSpecAvailable) expect(official('Product', JSON.parse(line)).errors).toEqual([]);
  });
});
