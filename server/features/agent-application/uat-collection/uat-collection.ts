import postman from 'postman-collection';
import { ACP_VERSIONS } from '../../acp';
import { POSTMAN_COLLECTION_SCHEMA_URL } from '#common/api/agent-application';
import { PRODUCT_NAME } from '#common/domain/brand';
import { acpFolder } from './acp-folder';
import { agentApiFolder } from './agent-api-folder';
import { rawJson, type UatFolder, type UatRequest } from './request-spec';

const DESCRIPTION = `User acceptance tests of ${PRODUCT_NAME}'s agent APIs: the documented agent API and the Agentic Commerce Protocol (ACP, versions ${ACP_VERSIONS.join(' and ')}). Every request checks its answer's status and shape, and keeps the ids the next request needs.

Set api_key to your merchant API key (dashboard settings) and run the whole collection in order, in Postman or with newman:

  newman run agentcart-uat.postman_collection.json --env-var api_key=ak_test_...

Card payments need a Shared Payment Token. In sandbox mode each one is minted by the sandbox's Stripe simulator, for the exact amount; on a live instance, set shared_payment_token to a token granted for the payments (one card purchase per run).`;

/** The variables a tester sets (api_key, shared_payment_token) or may change (base_url, sku). */
const settings = (baseUrl: string) => [
  { key: 'base_url', value: baseUrl, description: 'The AgentCart instance under test.' },
  { key: 'api_key', value: '', description: 'Your merchant API key (ak_test_… in sandbox).' },
  { key: 'sku', value: 'TEST-PRODUCT-001', description: 'A product SKU of your store, in stock and priced.' },
  {
    key: 'shared_payment_token',
    value: '',
    description: 'Leave empty in sandbox (tokens are minted there). Live: a Shared Payment Token (spt_…).',
  },
];

function toItem(spec: UatRequest) {
  const item = new postman.Item({
    name: spec.name,
    request: {
      description: spec.description,
      method: spec.method,
      url: `{{base_url}}${spec.path}`,
      header: [
        { key: 'Accept', value: 'application/json' },
        ...(spec.body === undefined ? [] : [{ key: 'Content-Type', value: 'application/json' }]),
        ...Object.entries(spec.headers ?? {}).map(([key, value]) => ({ key, value })),
      ],
      ...(spec.body === undefined ? {} : { body: { mode: 'raw', raw: rawJson(spec.body) } }),
    },
  });
  const event = (listen: 'prerequest' | 'test', exec: string[]) =>
    new postman.Event({ listen, script: new postman.Script({ type: 'text/javascript', exec }) });
  if (spec.preRequest) item.events.add(event('prerequest', spec.preRequest));
  item.events.add(event('test', spec.tests));
  return item;
}

function toFolder(folder: UatFolder) {
  const group = new postman.ItemGroup<postman.Item>({
    name: folder.name,
    description: { content: folder.description, type: 'text/plain' },
  });
  for (const request of folder.requests) group.items.add(toItem(request));
  return group;
}

/**
 * The UAT testing collection (downloaded from /agent/apply): a Postman Collection v2.1 with a runnable
 * request for every operation of both agent APIs, against `baseUrl`, authenticated with the `api_key`
 * variable.
 */
export function uatCollection(baseUrl: string) {
  const collection = new postman.Collection({
    info: {
      name: `${PRODUCT_NAME} agent APIs: UAT`,
      description: { content: DESCRIPTION, type: 'text/plain' },
    },
    variable: settings(baseUrl).map((v) => ({ ...v, type: 'string' })),
    // Both APIs take the key as a bearer token; Postman adds it to every request of the collection.
    auth: { type: 'bearer', bearer: [{ key: 'token', value: '{{api_key}}', type: 'string' }] },
  });
  for (const folder of [agentApiFolder, ...ACP_VERSIONS.map(acpFolder)]) {
    collection.items.add(toFolder(folder));
  }
  const json = collection.toJSON();
  // The SDK writes the v2.1 format but does not name it; importers read the format from info.schema.
  return { ...json, info: { ...json.info, schema: POSTMAN_COLLECTION_SCHEMA_URL } };
}
