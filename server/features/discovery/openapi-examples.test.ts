import { writeFileSync } from 'node:fs';
import type { Response } from 'light-my-request';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acpAddress, acpBuyer, acpRequest } from '../../test/acp-kit';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test/create-test-app';
import {
  agentRequest,
  demoMerchantApiKey,
  mintSharedPaymentToken,
  sampleBuyer,
} from '../../test/merchant-kit';
import { openApiContract, type OpenApiContract } from '../../test/openapi-contract';
import { CAPTURED_EXAMPLES, type OperationExamples } from './openapi/examples';

/**
 * The OpenAPI document's examples are real: every request example is what this test sends to a live test
 * app (ids, times and hosts aside), every answer example is what came back, and every example validates
 * against the document's own schemas. `UPDATE_OPENAPI_EXAMPLES=1` writes the exchange to examples.json.
 */

const EXAMPLES_FILE = new URL('./openapi/examples.json', import.meta.url);
const UPDATE = process.env.UPDATE_OPENAPI_EXAMPLES === '1';

let t: TestApp;
let key: string;
let contract: OpenApiContract;
beforeAll(async () => {
  t = await createTestApp({ jobs: false });
  key = await demoMerchantApiKey(t);
  contract = await openApiContract(t);
});
afterAll(() => t.close());

/**
 * Stable stand-ins for what differs between runs, each distinct value keeping its own stand-in so the
 * exchange still reads as one story (the offer id the checkout names is the offer's id).
 */
function normalizer() {
  const seen = new Map<string, string>();
  const standIn = (value: string, make: (n: number) => string) => {
    if (!seen.has(value)) seen.set(value, make(seen.size + 1));
    return seen.get(value)!;
  };
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  const text = (value: string) =>
    value
      .replaceAll(TEST_ORIGIN, 'https://agentcart.example')
      .replace(/http:\/\/127\.0\.0\.1:\d+/g, 'https://sandbox.example')
      .replace(/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g, (uuid) =>
        standIn(uuid, (n) => `00000000-0000-4000-8000-${pad(n, 12)}`),
      )
      .replace(/\b(ofr|chk|cs|spt|pi|ch)_[A-Za-z0-9]{8,}(?![A-Za-z0-9-])/g, (id, prefix: string) =>
        standIn(id, (n) => `${prefix}_Example${pad(n, 12)}`),
      )
      .replace(/\/order-status\/[0-9a-f]{32,}/g, `/order-status/${'ab'.repeat(32)}`)
      .replace(/\blntb[0-9a-z]{20,}/g, 'lntb23980n1pexample')
      .replace(/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z\b/g, '2026-12-01T12:00:00.000Z');
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v)]));
    return value;
  };
  return walk;
}

describe('the OpenAPI examples', () => {
  it('are the requests a live test app accepts and the answers it gives', async () => {
    const normalize = normalizer();
    const exchange: Record<string, OperationExamples> = {};
    const record = (
      operation: string,
      name: string,
      request: unknown,
      res: Response,
      status: number,
    ): Record<string, unknown> => {
      expect(res.statusCode, `${operation} ${name}: ${res.body}`).toBe(status);
      const entry = (exchange[operation] ??= { responses: {} });
      if (request !== undefined) (entry.request ??= {})[name] = normalize(request) as Record<string, unknown>;
      (entry.responses[String(status)] ??= {})[name] = normalize(res.json()) as Record<string, unknown>;
      return res.json();
    };

    /** An agent API call recorded as `operation`'s example `name`. */
    const agent = async (operation: string, name: string, url: string, body: unknown, status: number) =>
      record(
        operation,
        name,
        body,
        await agentRequest(t, key, body === undefined ? 'GET' : 'POST', url, body),
        status,
      );

    // The documented agent API: a card purchase and a Lightning checkout.
    const offerBody = {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 2 }],
      shipping_to: { country: 'GB', postcode: 'SW1A 1AA' },
    };
    const offer = (await agent('createOffer', 'default', '/api/agent/offer', offerBody, 200)) as {
      offer_id: string;
      total: number;
      currency: string;
    };
    const token = await mintSharedPaymentToken(t, offer.total);
    const cardBody = {
      offer_id: offer.offer_id,
      shipping_option_id: 'standard',
      buyer: sampleBuyer,
      payment: { method: 'stripe', shared_payment_token: token, amount: offer.total, currency: 'GBP' },
    };
    const card = (await agent('createCheckout', 'card', '/api/agent/checkout', cardBody, 201)) as {
      checkout_id: string;
    };
    const confirmBody = { checkout_id: card.checkout_id, commit: true };
    const confirmed = (await agent('confirmCheckout', 'card', '/api/agent/confirm', confirmBody, 200)) as {
      order_id: string;
    };
    await agent('getOrder', 'default', `/api/agent/order/${confirmed.order_id}`, undefined, 200);
    const lightningOffer = (await agentRequest(t, key, 'POST', '/api/agent/offer', offerBody)).json();
    const lightningBody = {
      offer_id: lightningOffer.offer_id,
      shipping_option_id: 'standard',
      buyer: sampleBuyer,
      payment: { method: 'btc' },
    };
    const lightning = (await agent(
      'createCheckout',
      'lightning',
      '/api/agent/checkout',
      lightningBody,
      201,
    )) as {
      checkout_id: string;
    };
    const pendingBody = { checkout_id: lightning.checkout_id };
    await agent('confirmCheckout', 'lightning_unpaid', '/api/agent/confirm', pendingBody, 200);

    // ACP, one exchange per version: create, update, complete by card, read; and a cancel.
    const createBodies = {
      '2026-04-17': {
        currency: 'gbp',
        line_items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
        capabilities: { interventions: { supported: [] } },
        buyer: acpBuyer,
        fulfillment_details: { name: 'Ada Lovelace', email: acpBuyer.email, address: acpAddress },
      },
      '2025-09-29': {
        items: [{ id: 'TEST-PRODUCT-001', quantity: 2 }],
        buyer: acpBuyer,
        fulfillment_address: acpAddress,
      },
    } as const;
    const updateBodies = {
      '2026-04-17': {
        selected_fulfillment_options: [
          { type: 'shipping', option_id: 'express', item_ids: ['li_TEST-PRODUCT-001'] },
        ],
      },
      '2025-09-29': { fulfillment_option_id: 'express' },
    } as const;
    for (const version of ['2026-04-17', '2025-09-29'] as const) {
      const created = record(
        'createCheckoutSession',
        version,
        createBodies[version],
        await acpRequest(t, key, version, 'POST', '/acp/checkout_sessions', createBodies[version]),
        201,
      ) as { id: string };
      const session = `/acp/checkout_sessions/${created.id}`;
      const updated = record(
        'updateCheckoutSession',
        version,
        updateBodies[version],
        await acpRequest(t, key, version, 'POST', session, updateBodies[version]),
        200,
      ) as { totals: { type: string; amount: number }[] };
      const total = updated.totals.find((x) => x.type === 'total')!.amount;
      const spt = await mintSharedPaymentToken(t, total);
      const completeBody =
        version === '2026-04-17'
          ? {
              payment_data: {
                handler_id: 'card_spt',
                instrument: { type: 'card', credential: { type: 'spt', token: spt } },
              },
            }
          : { payment_data: { token: spt, provider: 'stripe' } };
      record(
        'completeCheckoutSession',
        version,
        completeBody,
        await acpRequest(t, key, version, 'POST', `${session}/complete`, completeBody),
        200,
      );
      record(
        'getCheckoutSession',
        version,
        undefined,
        await acpRequest(t, key, version, 'GET', session),
        200,
      );
      const spare = (
        await acpRequest(t, key, version, 'POST', '/acp/checkout_sessions', createBodies[version])
      ).json() as { id: string };
      record(
        'cancelCheckoutSession',
        version,
        undefined,
        await acpRequest(t, key, version, 'POST', `/acp/checkout_sessions/${spare.id}/cancel`),
        200,
      );
    }

    if (UPDATE) {
      // Written as the repository's formatter writes it, so the format check passes on it.
      const options = await resolveConfig(EXAMPLES_FILE);
      writeFileSync(EXAMPLES_FILE, await format(JSON.stringify(exchange), { ...options, parser: 'json' }));
    }
    // The document's request examples are exactly what was sent (ids and times aside).
    const requests = (examples: Record<string, OperationExamples>) =>
      Object.fromEntries(Object.entries(examples).map(([op, e]) => [op, e.request ?? null]));
    expect(requests(CAPTURED_EXAMPLES)).toEqual(requests(exchange));
    // Every answer the exchange gave has its example in the document, for the same status and name.
    const answers = (examples: Record<string, OperationExamples>) =>
      Object.fromEntries(
        Object.entries(examples).map(([op, e]) => [
          op,
          Object.fromEntries(
            Object.entries(e.responses).map(([status, named]) => [status, Object.keys(named)]),
          ),
        ]),
      );
    expect(answers(CAPTURED_EXAMPLES)).toEqual(answers(exchange));
  });

  it('validate against the schemas they illustrate, for every request, answer and error', () => {
    let checked = 0;
    const check = (pointer: string, media: { examples?: Record<string, { value: unknown }> } | undefined) => {
      expect(media?.examples, `${pointer} has examples`).toBeTruthy();
      for (const [name, example] of Object.entries(media!.examples!)) {
        const validate = contract.validator(`${pointer}/schema`);
        expect(validate(example.value), `${pointer} ${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
        checked += 1;
      }
    };
    const escape = (path: string) => path.replaceAll('~', '~0').replaceAll('/', '~1');
    for (const [path, item] of Object.entries(contract.doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const at = `#/paths/${escape(path)}/${method}`;
        const body = op.requestBody as { content: Record<string, Record<string, never>> } | undefined;
        if (body?.content['application/json'] && method === 'post' && !path.endsWith('/cancel'))
          check(`${at}/requestBody/content/application~1json`, body.content['application/json']);
        for (const [status, response] of Object.entries(op.responses)) {
          if (status.startsWith('2'))
            check(
              `${at}/responses/${status}/content/application~1json`,
              (response as { content: Record<string, never> }).content['application/json'],
            );
        }
      }
    }
    for (const [name, response] of Object.entries(contract.doc.components.responses!)) {
      check(
        `#/components/responses/${name}/content/application~1json`,
        (response as { content: Record<string, never> }).content['application/json'],
      );
    }
    expect(checked).toBeGreaterThan(40);
  });
});
