import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpRequest, expectAcpShape } from '../../../test/acp-kit';
import { createTestApp, type TestApp } from '../../../test/create-test-app';
import { demoMerchantApiKey, mintSharedPaymentToken } from '../../../test/merchant-kit';
import { ACP_VERSION_MODULES, ACP_VERSIONS, LATEST_ACP_VERSION } from './registry';

/**
 * The registry is the one list of ACP versions: every registered version is announced, negotiated,
 * documented and served end to end without being named anywhere else.
 */
let t: TestApp;
let key: string;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
};
const componentId = (name: string, version: string) => `${name}_${version.replaceAll('-', '_')}`;

it('announces every registered version, oldest first, the last as current', async () => {
  const acp = await get('/.well-known/acp.json');
  expect(acp.protocol.supported_versions).toEqual(ACP_VERSIONS);
  expect(acp.protocol.version).toBe(LATEST_ACP_VERSION);
  expect(LATEST_ACP_VERSION).toBe(ACP_VERSIONS.at(-1));

  const platform = await get('/.well-known/agent-commerce.json');
  expect(platform.acp.supported_versions).toEqual(ACP_VERSIONS);
  expect(platform.acp.current_version).toBe(LATEST_ACP_VERSION);
  const lightning = platform.payment_methods.find((m: { id: string }) => m.id === 'bitcoin_lightning');
  expect(lightning.acp.versions).toEqual(
    ACP_VERSION_MODULES.filter((m) => m.lightning).map((m) => m.version),
  );

  const health = await get('/api/acp-health');
  expect(health.supported_versions).toEqual(ACP_VERSIONS);

  const refused = await acpRequest(t, key, null, 'GET', '/acp/checkout_sessions/none');
  expect(refused.statusCode).toBe(400);
  expect(refused.json().supported_versions).toEqual([...ACP_VERSIONS].reverse());
});

it('documents every registered version in the OpenAPI document', async () => {
  const openapi = await get('/api/acp-openapi');
  expect(openapi.components.parameters.ApiVersion.schema.enum).toEqual(ACP_VERSIONS);
  const schemas = Object.keys(openapi.components.schemas);
  for (const { version, schemas: own } of ACP_VERSION_MODULES) {
    const names = [
      'CheckoutSessionCreateRequest',
      'CheckoutSessionUpdateRequest',
      'CheckoutSessionCompleteRequest',
      'CheckoutSession',
      'CheckoutSessionWithOrder',
      'Order',
      ...(own.cancel ? ['CheckoutSessionCancelRequest'] : []),
      ...Object.keys(own.components ?? {}),
    ];
    expect(schemas).toEqual(expect.arrayContaining(names.map((name) => componentId(name, version))));
  }
  const created = openapi.paths['/acp/checkout_sessions'].post.responses['201'];
  expect(created.content['application/json'].schema.oneOf).toEqual(
    ACP_VERSIONS.map((v) => ({ $ref: `#/components/schemas/${componentId('CheckoutSession', v)}` })),
  );
});

describe.each(ACP_VERSION_MODULES.map((module) => [module.version, module] as const))(
  'ACP %s, from its own example requests',
  (version, { examples }) => {
    const url = (id: string, suffix = '') => `/acp/checkout_sessions/${id}${suffix}`;
    const create = async () => {
      const created = await acpRequest(
        t,
        key,
        version,
        'POST',
        '/acp/checkout_sessions',
        examples.create('TEST-PRODUCT-001'),
      );
      expect(created.statusCode, created.body).toBe(201);
      expectAcpShape(version, 'CheckoutSession', created.json());
      expect(created.json().status).toBe('ready_for_payment');
      return created.json().id as string;
    };

    it('creates, reads, updates and completes a session by card', async () => {
      const id = await create();
      const read = await acpRequest(t, key, version, 'GET', url(id));
      expect(read.statusCode, read.body).toBe(200);
      expectAcpShape(version, 'CheckoutSession', read.json());

      const express = await acpRequest(
        t,
        key,
        version,
        'POST',
        url(id),
        examples.selectExpress('TEST-PRODUCT-001'),
      );
      expect(express.statusCode, express.body).toBe(200);
      expectAcpShape(version, 'CheckoutSession', express.json());
      const total = express.json().totals.find((x: { type: string }) => x.type === 'total').amount;
      expect(total).toBeGreaterThan(
        read.json().totals.find((x: { type: string }) => x.type === 'total').amount,
      );

      const token = await mintSharedPaymentToken(t, total);
      const completed = await acpRequest(
        t,
        key,
        version,
        'POST',
        url(id, '/complete'),
        examples.payByCard(token),
      );
      expect(completed.statusCode, completed.body).toBe(200);
      expectAcpShape(version, 'CheckoutSessionWithOrder', completed.json());
      expect(completed.json()).toMatchObject({ status: 'completed', order: { checkout_session_id: id } });
    });

    it('cancels a session', async () => {
      const id = await create();
      const canceled = await acpRequest(t, key, version, 'POST', url(id, '/cancel'), examples.cancel);
      expect(canceled.statusCode, canceled.body).toBe(200);
      expectAcpShape(version, 'CheckoutSession', canceled.json());
      expect(canceled.json().status).toBe('canceled');
    });
  },
);
