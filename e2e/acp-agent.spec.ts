import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';

/** The e2e server's data directory (playwright.config.ts webServer DATA_DIR): its demo.json has the demo key. */
const E2E_DATA_DIR = '.tmp/e2e-data';

const run = promisify(execFile);

test.describe('an AI agent buying through the Agentic Commerce Protocol', () => {
  test('discovers the platform: discovery documents, ACP health and the OpenAPI document', async ({
    request,
  }) => {
    const acp = await request.get('/.well-known/acp.json');
    expect(acp.status()).toBe(200);
    expect(acp.headers()['cache-control']).toBe('public, max-age=300');
    expect(await acp.json()).toMatchObject({ protocol: { name: 'acp', version: '2026-04-17' } });

    const platform = await request.get('/.well-known/agent-commerce.json');
    expect(platform.status()).toBe(200);
    expect(await platform.json()).toMatchObject({ name: 'AgentCart', environment: 'sandbox' });

    const health = await request.get('/api/acp-health');
    expect(health.status()).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    const openapi = await request.get('/api/acp-openapi');
    expect(openapi.status()).toBe(200);
    expect(await openapi.json()).toMatchObject({ openapi: '3.1.0' });
  });

  test('`npm run demo:agent -- --acp` completes the card, Lightning and 2025-09-29 purchases', async ({
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const result = await run('npx', ['tsx', 'scripts/demo-agent.ts', '--acp', '--url', baseURL!], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, NO_COLOR: '1' },
      timeout: 110_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((err: { code?: number; stdout?: string; stderr?: string }) => {
      throw new Error(`demo:agent --acp exited ${err.code}\n${err.stderr}\n${err.stdout?.slice(-4000)}`);
    });
    const out = result.stdout;
    expect(out).toContain('→ GET /.well-known/acp.json');
    expect(out).toContain('API-Version: 2026-04-17');
    expect(out).toContain('← 201 Created');
    expect(out).toContain('Idempotent-Replayed: true');
    expect(out).toMatch(/✔ ACP 2026-04-17 card: session cs_\w+ completed, order [\w-]+ \(store order #\d+\)/);
    expect(out).toMatch(/✔ ACP 2026-04-17 Lightning: session cs_\w+ completed/);
    expect(out).toMatch(/✔ ACP 2025-09-29 card: session cs_\w+ completed/);
    expect(out).toContain('✔ All three ACP purchases went through');
  });
});
