import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as authValidation from '#common/validation/auth';
import { ACP_VERSION_MODULES } from '../features/acp/versions/registry';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test/create-test-app';
import { documentedErrorShape } from '../test/error-shapes';
import {
  hostileRequests,
  knownFieldNames,
  malformedIdRequests,
  MALFORMED_PENDING_SIGN_IN_COOKIES,
  type CallerCredentials,
} from '../test/hostile-requests';
import { newMerchant } from '../test/merchant-kit';
import { openApiContract, type OpenApiContract } from '../test/openapi-contract';
import { recordRouteTables, type RegisteredRoute } from '../test/route-table';

/** Fixed, so a run is repeatable; a failure prints it with the path fast-check needs to replay it. */
const SEED = Number(process.env.HOSTILE_SEED ?? 1313);
const RUNS_PER_ROUTE = Number(process.env.HOSTILE_RUNS ?? 12);

/** Schemas validated inside handlers rather than declared on the route. */
const HANDLER_SCHEMAS = [...ACP_VERSION_MODULES.map((module) => module.schemas), authValidation].flatMap(
  (module) => Object.values(module).filter((value): value is z.ZodType => value instanceof z.ZodType),
);

let t: TestApp;
let routes: RegisteredRoute[];
let credentials: CallerCredentials;
let fieldNames: string[];
let webRoot: string;
let contract: OpenApiContract;

beforeAll(async () => {
  // A tiny web build, so the web app's routes are in the table too.
  webRoot = mkdtempSync(path.join(tmpdir(), 'agentcart-web-'));
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>AgentCart</title>');
  writeFileSync(path.join(webRoot, 'assets', 'app.js'), '');
  const tables = recordRouteTables();
  try {
    t = await createTestApp({ webRoot });
  } finally {
    tables.stop();
  }
  routes = tables.routesOf(t.app);
  const merchant = await newMerchant(t, { connect: true, apiKey: true });
  credentials = { cookie: merchant.cookie, apiKey: merchant.apiKey };
  fieldNames = knownFieldNames(routes, HANDLER_SCHEMAS);
  contract = await openApiContract(t);
});

afterAll(async () => {
  await t?.close();
  rmSync(webRoot, { recursive: true, force: true });
});

type Answer = { status: number; contentType: string; body: string; headers: Record<string, unknown> };

/** The answer, read in full unless it is a stream that stays open (the dashboard's live orders). */
async function answer(request: InjectOptions): Promise<Answer> {
  const res = await t.app.inject({ ...request, payloadAsStream: true });
  const stream = res.stream();
  const contentType = String(res.headers['content-type'] ?? '');
  const { headers } = res;
  if (contentType.startsWith('text/event-stream')) {
    stream.destroy();
    return { status: res.statusCode, contentType, body: '', headers };
  }
  return { status: res.statusCode, contentType, body: await text(stream), headers };
}

const isWebPage = (url: string, contentType: string) =>
  contentType.startsWith('text/html') && !/^\/(api|acp|webhooks)(\/|-|$)/.test(url);

function describeRequest(request: InjectOptions) {
  const shown = { ...request, payload: String(request.payload ?? '').slice(0, 300) };
  return JSON.stringify(shown).slice(0, 1_500);
}

/** Hostile requests sent by this file and how many were answered with a 5xx (the note cites both). */
const tally = { requests: 0, serverErrors: 0 };

/** No 5xx, and every error in the documented shape of the surface the request reached. */
async function expectDocumentedAnswer(request: InjectOptions) {
  const reply = await answer(request);
  const { status, contentType, body } = reply;
  const url = String(request.url);
  const context = `${describeRequest(request)}\n-> ${status} ${body.slice(0, 500)}`;
  tally.requests += 1;
  if (status >= 500) tally.serverErrors += 1;
  if (status >= 500) throw new Error(`server error for a hostile request:\n${context}`);
  if (status < 400 || request.method === 'HEAD' || isWebPage(url, contentType)) return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new Error(`error body is not JSON:\n${context}`);
  }
  const shape = documentedErrorShape(url).safeParse(parsed);
  if (!shape.success) throw new Error(`error body not in the surface's documented shape:\n${context}`);
  // An agent API or ACP operation's answer is also the one its OpenAPI document declares.
  const documented = contract.templateOf(url);
  const method = String(request.method ?? 'GET');
  if (documented && contract.doc.paths[documented]?.[method.toLowerCase()]) {
    contract.expectDocumented(method, documented, {
      statusCode: status,
      headers: reply.headers,
      body,
      json: () => parsed,
    } as unknown as Response);
  }
}

afterAll(() => {
  console.info(`hostile requests in all: ${tally.requests} sent, ${tally.serverErrors} answered with a 5xx`);
});

describe('hostile requests to every route in the app', () => {
  it('finds the whole route table, registered as the app registers it', () => {
    const table = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const expected of [
      'POST /api/agent/offer',
      'POST /acp/checkout_sessions/:id/complete',
      'GET /api/connections/stripe/oauth/callback',
      'POST /api/auth/sign-in/email',
      'GET /*',
    ]) {
      expect(table).toContain(expected);
    }
    expect(fieldNames).toEqual(expect.arrayContaining(['checkout_id', 'line_items', 'postcode', 'email']));
  });

  it('answers none with a 5xx and every error in its surface documented shape', async () => {
    let requests = 0;
    for (const route of routes) {
      const arbitrary = hostileRequests(route, { credentials, fieldNames });
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          requests += 1;
          await expectDocumentedAnswer(request);
        }),
        {
          seed: SEED,
          numRuns: RUNS_PER_ROUTE,
          reporter: (details) => {
            if (details.failed) {
              throw new Error(
                `${route.method} ${route.url}: ${fc.defaultReportMessage(details)}\n` +
                  `${String(details.errorInstance)}\n` +
                  `Replay with HOSTILE_SEED=${SEED} npx vitest run server/http/hostile-requests.test.ts`,
              );
            }
          },
        },
      );
    }
    console.info(`hostile requests: ${requests} to ${routes.length} routes, seed ${SEED}`);
    // Thousands of requests: a minute at load 20 on two cores; a ceiling for a run that hangs.
  }, 600_000);

  it('answers malformed ids in every path parameter and query field with a 4xx, never a 5xx', async () => {
    const withIds = routes.filter((route) => route.url.includes(':') || route.schema?.querystring);
    expect(withIds.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining([
        'POST /webhooks/payments/:provider/:merchantId',
        'GET /api/payments/:id',
        'POST /api/payments/:id/refunds',
        'POST /api/orders/:id/cancel',
        'POST /api/orders/:id/store-cancellation',
        'GET /api/agent/order/:id',
        'POST /api/merchant-webhooks/deliveries/:id/redeliver',
      ]),
    );
    const failures: string[] = [];
    let sent = 0;
    for (const route of withIds) {
      for (const request of malformedIdRequests(route, credentials)) {
        sent += 1;
        // Each from its own address, so per-address limits do not stop ids before the route sees them.
        const remoteAddress = `10.28.${sent >> 8}.${sent & 255}`;
        await expectDocumentedAnswer({ ...request, remoteAddress }).catch((err: Error) =>
          failures.push(err.message),
        );
      }
    }
    console.info(
      `malformed ids: ${sent} requests to ${withIds.length} routes, ${failures.length} refused badly`,
    );
    expect(failures.slice(0, 5)).toEqual([]);
  }, 600_000);

  it('answers every malformed pending-sign-in cookie on every API route without a 5xx', async () => {
    // Besides the random draw above, each shape once per route, with a body the second step accepts.
    for (const route of routes.filter((r) => r.url.startsWith('/api/') && r.method !== 'OPTIONS')) {
      for (const cookie of MALFORMED_PENDING_SIGN_IN_COOKIES) {
        const hasBody = !['GET', 'HEAD'].includes(route.method);
        await expectDocumentedAnswer({
          method: route.method as InjectOptions['method'],
          url: route.url.replace(/:[A-Za-z]+/g, 'x'),
          headers: { cookie, origin: TEST_ORIGIN, 'content-type': 'application/json' },
          ...(hasBody ? { payload: '{"code":"123456"}' } : {}),
        });
      }
    }
  }, 300_000);
});
