import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorld } from '#sandbox/world/world-server';
import { connectToWorld } from '#sandbox/world/world-manifest';
import {
  SANDBOX_ACCESS_COOKIE,
  SANDBOX_ACCESS_HEADER,
  SANDBOX_ACCESS_REFUSED,
} from '../../lib/sandbox-access';
import { cookieHeader, createTestApp, type TestApp } from '../../test/create-test-app';
import { dashboardRequest, newMerchant } from '../../test/merchant-kit';

/**
 * A sandbox listening beyond loopback (HOST=0.0.0.0) with SANDBOX_ACCESS_SECRET: the mailbox (every
 * sign-in link), the simulator list and each simulator's controls need the secret (docs/decisions/034).
 */
const SECRET = 'sandbox-access-secret-for-the-test-0123456789';
const withSecret = { [SANDBOX_ACCESS_HEADER]: SECRET };

let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp({ jobs: false });
  guarded = await createTestApp({ env: { HOST: '0.0.0.0', SANDBOX_ACCESS_SECRET: SECRET }, jobs: false });
});
afterAll(async () => {
  await open?.close();
  await guarded?.close();
});

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

const SANDBOX_PAGES = ['/__sim/mail', '/__sim/mail.json', '/__sim', '/__sim/credentials', '/__sim/sms'];

describe('the sandbox surface on loopback', () => {
  it('needs no secret, as before', async () => {
    for (const url of SANDBOX_PAGES) expect((await get(open, url)).statusCode, url).toBe(200);
  });
});

describe('the sandbox surface with an access secret', () => {
  it('refuses every page without it, or with a wrong one, in the app error shape', async () => {
    for (const url of [...SANDBOX_PAGES, '/%5F_sim/mail', '/__sim/./mail.json']) {
      for (const headers of [
        {} as Record<string, string>,
        { [SANDBOX_ACCESS_HEADER]: `${SECRET}x` },
        { cookie: `${SANDBOX_ACCESS_COOKIE}=${SECRET}` },
      ]) {
        const res = await get(guarded, url, headers);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().error).toMatchObject({ code: 'unauthorized', message: SANDBOX_ACCESS_REFUSED });
      }
    }
    const wrong = await get(guarded, `/__sim/mail?access=${SECRET.slice(0, -1)}`);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('lets a script in with the X-Sandbox-Access header', async () => {
    const res = await get(guarded, '/__sim/mail.json', withSecret);
    expect(res.statusCode).toBe(200);
    expect(res.json().messages).toEqual(expect.any(Array));
  });

  it('lets a browser in once with ?access=, then with an httpOnly cookie that is not the secret', async () => {
    const first = await get(guarded, `/__sim/mail.json?limit=5&access=${encodeURIComponent(SECRET)}`);
    expect(first.statusCode).toBe(303);
    // The secret leaves the address bar at once; the rest of the address stays.
    expect(first.headers.location).toBe('/__sim/mail.json?limit=5');
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${SANDBOX_ACCESS_COOKIE.replace('.', '\\.')}=[\\w-]{43}; `));
    expect(setCookie).toContain('Path=/__sim');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain(SECRET);

    const cookie = cookieHeader(first.headers['set-cookie']);
    const mailbox = await get(guarded, '/__sim/mail', { cookie });
    expect(mailbox.statusCode).toBe(200);
    expect(mailbox.body).toContain('<h1>Sandbox mailbox</h1>');
    // The page the app links to for text messages: the Twilio simulator's, through the app.
    const phone = await get(guarded, '/__sim/sms', { cookie });
    expect(phone.statusCode).toBe(200);
    expect(phone.body).toContain('<h1>Sandbox phone</h1>');
    expect((await get(guarded, '/__sim/credentials', { cookie })).json().woocommerce).toEqual(
      guarded.simulators!.credentials.woocommerce,
    );
  });

  it("guards every simulator's own /__sim routes, while the app's own calls to them still work", async () => {
    for (const [id, { baseUrl }] of Object.entries(guarded.simulators!.simulators)) {
      expect((await fetch(`${baseUrl}/__sim`)).status, id).toBe(401);
      const refused = await fetch(`${baseUrl}/__sim/up`, { method: 'POST' });
      expect(refused.status, id).toBe(401);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        SANDBOX_ACCESS_REFUSED,
      );
      expect((await fetch(`${baseUrl}/__sim`, { headers: withSecret })).status, id).toBe(200);
      expect((await fetch(`${baseUrl}/__sim/up`, { method: 'POST', headers: withSecret })).status, id).toBe(
        200,
      );
    }
    // The agent tester mints its token through the Stripe simulator's control, with the app's secret.
    const { cookie } = await newMerchant(guarded, { connect: true });
    const minted = await dashboardRequest(guarded, cookie, 'POST', '/api/agent-tests/test-token', {
      amount: 12.5,
      currency: 'GBP',
    });
    expect(minted.statusCode, minted.body).toBe(200);
    expect(minted.json().token).toMatch(/^spt_/);
  });
});

describe('the sandbox world process with an access secret', () => {
  it('stays on loopback and asks for the secret for its manifest and its controls', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'agentcart-world-access-'));
    const world = await startWorld({ dataDir, port: 0, accessSecret: SECRET });
    try {
      expect(world.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${world.url}/__world`)).status).toBe(401);
      await expect(connectToWorld(world.url, { waitMs: 0 })).rejects.toThrow(
        /asks for its sandbox access secret: give this app the same SANDBOX_ACCESS_SECRET/,
      );
      const manifest = await connectToWorld(world.url, { accessSecret: SECRET });
      for (const { baseUrl } of Object.values(manifest.simulators)) {
        expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
        expect((await fetch(`${baseUrl}/__sim/up`, { method: 'POST' })).status).toBe(401);
      }
    } finally {
      await world.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
