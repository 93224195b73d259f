import type { AddressInfo } from 'node:net';
import newman, { type NewmanRunSummary } from 'newman';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { dashboardRequest, demoMerchantApiKey, newMerchant } from '../../../test/merchant-kit';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(() => t.close());

function runCollection(collection: object, vars: Record<string, string>) {
  return new Promise<NewmanRunSummary>((resolve, reject) =>
    newman.run(
      {
        collection,
        envVar: Object.entries(vars).map(([key, value]) => ({ key, value })),
        reporters: [],
        timeoutRequest: 30_000,
      },
      (err, summary) => (err ? reject(err) : resolve(summary)),
    ),
  );
}

it('passes every test when newman runs it against a sandbox instance', async () => {
  const { cookie } = await newMerchant(t);
  const download = await dashboardRequest(t, cookie, 'GET', '/api/agent-application/uat-collection');
  const summary = await runCollection(download.json(), {
    base_url: baseUrl,
    api_key: await demoMerchantApiKey(t),
  });

  const failures = summary.run.failures.map((f) => `${f.source?.name}: ${f.error.message}`);
  expect(failures).toEqual([]);
  // 4 documented agent API operations, and 6 requests for each ACP version (cancel needs its own session).
  const { items, requests, assertions, prerequestScripts, testScripts } = summary.run.stats;
  expect(items).toMatchObject({ total: 16, failed: 0 });
  expect(requests.failed).toBe(0);
  expect(assertions.failed).toBe(0);
  // A status and a shape test per request, and two for each of the 3 sandbox-minted tokens.
  expect(assertions.total).toBe(16 * 2 + 3 * 2);
  expect(prerequestScripts.failed).toBe(0);
  expect(testScripts.failed).toBe(0);
});
