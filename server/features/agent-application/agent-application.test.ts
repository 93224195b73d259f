import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agentApplicationFacts,
  applicationBundle,
  POSTMAN_COLLECTION_SCHEMA_URL,
  UAT_COLLECTION_FILE_NAME,
} from '#common/api/agent-application';
import { ACP_VERSIONS } from '../acp';
import { AGENT_APPLICATION_DEFAULTS, AGENT_APPLICATION_MESSAGES } from '#common/validation/agent-application';
import { events } from '../../db/schema/index';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant } from '../../test/merchant-kit';
import { ALL_OPERATIONS, pathShape } from '../discovery/operations';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
});
afterAll(() => t.close());

const APPLICATION = {
  productUrls: 'https://shop.example/p/1\n\n  https://shop.example/p/2  \n   \n',
  regions: ' UK , EU ,, ',
  currencies: 'gbp, EUR',
  fulfilment: ' Own fulfilment ',
};

const generate = (cookie: string, body: object = APPLICATION) =>
  dashboardRequest(t, cookie, 'POST', '/api/agent-application/bundle', body);

const bundleEvents = (merchantId: string) =>
  t.db
    .select()
    .from(events)
    .where(and(eq(events.merchantId, merchantId), eq(events.kind, 'agent_application_bundle_generated')));

describe('the application facts', () => {
  it('need a signed-in merchant', async () => {
    for (const url of ['/api/agent-application', '/api/agent-application/uat-collection']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(401);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/agent-application/bundle',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: AGENT_APPLICATION_DEFAULTS,
    });
    expect(res.statusCode).toBe(401);
  });

  it('say what is missing for a new merchant, and what is connected for another', async () => {
    const fresh = await newMerchant(t);
    const facts = agentApplicationFacts.parse(
      (await dashboardRequest(t, fresh.cookie, 'GET', '/api/agent-application')).json(),
    );
    expect(facts).toMatchObject({
      storeUrl: null,
      platformsConnected: [],
      bitcoinEnabled: false,
      acpBaseUrl: `${TEST_ORIGIN}/acp`,
    });
    expect(facts.contactEmail).toMatch(/@example\.com$/);

    const connected = await newMerchant(t, { connect: true });
    const res = await dashboardRequest(t, connected.cookie, 'GET', '/api/agent-application');
    expect(res.json()).toMatchObject({
      storeUrl: t.simulators!.credentials.woocommerce.storeUrl,
      platformsConnected: ['woocommerce'],
      bitcoinEnabled: true,
    });
  });
});

describe('the application bundle', () => {
  it('holds the merchant info, embeds the live documents, splits the answers, and records the event', async () => {
    const merchant = await newMerchant(t, { connect: true });
    const res = await generate(merchant.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const bundle = applicationBundle.parse(res.json());
    expect(bundle.merchant_info).toEqual({
      name: expect.any(String),
      domain: new URL(t.simulators!.credentials.woocommerce.storeUrl!).hostname,
      contact: expect.stringMatching(/@example\.com$/),
      platforms_connected: ['woocommerce'],
      regions: ['UK', 'EU'],
      currencies: ['GBP', 'EUR'],
      fulfilment: 'Own fulfilment',
    });
    expect(bundle.product_urls).toEqual(['https://shop.example/p/1', 'https://shop.example/p/2']);

    const served = async (url: string) => (await t.app.inject({ method: 'GET', url })).json();
    expect(res.json().agent_commerce_discovery).toEqual(await served('/.well-known/agent-commerce.json'));
    expect(res.json().acp_openapi).toEqual(await served('/api/acp-openapi'));
    const health = await served('/api/acp-health');
    expect(bundle.acp_health).toMatchObject({ status: health.status, api_base_url: health.api_base_url });

    const recorded = await bundleEvents(merchant.merchantId);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.payload).toEqual({
      regions: ['UK', 'EU'],
      currencies: ['GBP', 'EUR'],
      platforms_count: 1,
    });
    expect(recorded[0]!.createdAt.toISOString()).toBe(bundle.generated_at);
  });

  it("is each merchant's own: another merchant's bundle and events hold none of it", async () => {
    const connected = await newMerchant(t, { connect: true });
    const other = await newMerchant(t);
    await generate(connected.cookie);
    const res = await generate(other.cookie, AGENT_APPLICATION_DEFAULTS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().merchant_info).toMatchObject({
      domain: null,
      platforms_connected: [],
      regions: ['UK', 'EU'],
      currencies: ['GBP', 'EUR', 'USD'],
    });
    expect(res.json().product_urls).toEqual([]);
    expect((await bundleEvents(other.merchantId)).map((e) => e.payload)).toEqual([
      { regions: ['UK', 'EU'], currencies: ['GBP', 'EUR', 'USD'], platforms_count: 0 },
    ]);
    expect(await bundleEvents(connected.merchantId)).toHaveLength(1);
  });

  it("refuses blank or malformed answers, with each field's message, and records nothing", async () => {
    const merchant = await newMerchant(t);
    const cases: [object, string, string][] = [
      [{ regions: ' , ' }, 'regions', AGENT_APPLICATION_MESSAGES.regionsRequired],
      [{ currencies: '' }, 'currencies', AGENT_APPLICATION_MESSAGES.currenciesRequired],
      [{ currencies: 'GBP, pounds' }, 'currencies', AGENT_APPLICATION_MESSAGES.currencyFormat],
      [{ fulfilment: '   ' }, 'fulfilment', AGENT_APPLICATION_MESSAGES.fulfilmentRequired],
      [
        { productUrls: 'https://shop.example/a\nshop.example/b' },
        'productUrls',
        AGENT_APPLICATION_MESSAGES.productUrlFormat,
      ],
    ];
    for (const [change, field, message] of cases) {
      const res = await generate(merchant.cookie, { ...AGENT_APPLICATION_DEFAULTS, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error.fieldErrors).toEqual({ [field]: message });
    }
    expect(await bundleEvents(merchant.merchantId)).toEqual([]);
  });
});

describe('the UAT testing collection', () => {
  it('is a Postman Collection v2.1 download with a request for every operation of both agent APIs', async () => {
    const { cookie } = await newMerchant(t);
    const res = await dashboardRequest(t, cookie, 'GET', '/api/agent-application/uat-collection');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${UAT_COLLECTION_FILE_NAME}"`);
    const collection = res.json();
    expect(collection.info.schema).toBe(POSTMAN_COLLECTION_SCHEMA_URL);
    expect(collection.variable.map((v: { key: string }) => v.key)).toEqual(
      expect.arrayContaining(['base_url', 'api_key']),
    );
    expect(collection.variable.find((v: { key: string }) => v.key === 'base_url').value).toBe(TEST_ORIGIN);

    interface Request {
      method: string;
      url: { path: string[] };
      header: { key: string; value: string }[];
    }
    const folders: { name: string; item: { request: Request; event: { listen: string }[] }[] }[] =
      collection.item;
    const operationsIn = (folder: string) =>
      folders
        .find((f) => f.name === folder)!
        // Postman variables ({{order_id}}) stand where OpenAPI has path parameters.
        .item.map(
          ({ request }) => `${request.method} /${request.url.path.join('/').replace(/\{\{\w+\}\}/g, '{}')}`,
        );
    const shapes = (api: string) =>
      ALL_OPERATIONS.filter((op) => op.api === api).map((op) => `${op.method} ${pathShape(op.paths[0]!)}`);

    expect(operationsIn('Documented agent API')).toEqual(expect.arrayContaining(shapes('agent_api')));
    for (const version of ACP_VERSIONS) {
      const folder = folders.find((f) => f.name === `ACP ${version}`)!;
      expect(operationsIn(folder.name)).toEqual(expect.arrayContaining(shapes('acp')));
      for (const { request } of folder.item) {
        const headers = Object.fromEntries(request.header.map((h) => [h.key, h.value]));
        expect(headers['API-Version']).toBe(version);
        if (request.method === 'POST') expect(headers['Idempotency-Key']).toBe('{{$guid}}');
      }
    }
    for (const folder of folders) {
      for (const item of folder.item) expect(item.event.map((e) => e.listen)).toContain('test');
    }
  });
});
