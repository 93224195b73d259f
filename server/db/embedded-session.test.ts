import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, postJson, signUp, type Credentials, type TestApp } from '../test/create-test-app';
import { agentRequest, newMerchant, type TestMerchant } from '../test/merchant-kit';

/**
 * Issue 13's drill: a database tool connects beside the running app and changes its session settings
 * the way pg_dump does. On the embedded engine no outside program can connect at all (there is no
 * socket, docs/decisions/009), so the tool here is a second connection inside the process, through the
 * app's own driver: the closest anything can get. The app must not notice.
 */
describe('a second client with its own session settings beside the app', () => {
  let t: TestApp;
  let merchant: TestMerchant & { apiKey: string };
  let person: Credentials;
  let tool: pg.Client;

  beforeAll(async () => {
    t = await createTestApp();
    merchant = await newMerchant(t, { connect: true, apiKey: true });
    ({ creds: person } = await signUp(t.app));
    tool = new pg.Client(t.database.pool.options);
    await tool.connect();
  });
  afterAll(async () => {
    await tool?.end();
    await t?.close();
  });

  it('leaves offers and sign-ins answering 200', async () => {
    await tool.query("SELECT pg_catalog.set_config('search_path', '', false)");
    await tool.query("SET TIME ZONE 'Pacific/Kiritimati'");
    // Last: on a busy server a 1 ms limit would cancel the tool's own next statement.
    await tool.query("SET statement_timeout = '1ms'");

    const offer = await agentRequest(t, merchant.apiKey, 'POST', '/api/agent/offer', {
      items: [{ sku: 'TEST-PRODUCT-001', quantity: 1 }],
      shipping_to: { country: 'GB', postcode: 'N1 9GU' },
    });
    expect(offer.statusCode, offer.body).toBe(200);
    const signIn = await postJson(t.app, '/api/auth/sign-in/email', {
      email: person.email,
      password: person.password,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
  });
});
