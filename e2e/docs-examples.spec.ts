import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from './fixtures';

/**
 * The /docs page's requests, copied in page order into one terminal against a fresh `npm start`, as its
 * setup section says: every block runs, none answers an error, and the purchases they make complete.
 * The fresh instance runs on a port of its own, so the setup block's AGENTCART_URL is the one line a
 * reader on another PORT changes too.
 */

const FRESH_PORT = Number(process.env.E2E_PORT ?? 3210) + 17;
const DOCUMENTED_URL = 'http://localhost:3000';

/** An agent API error body, or an ACP error's top-level type (messages inside a session are not errors). */
const ERROR_ANSWER =
  /"error_code"|(^|\})\s*\{\s*"type":\s*"(invalid_request|request_not_idempotent|processing_error|service_unavailable|rate_limit_exceeded)"/m;

let folder: string;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  folder = mkdtempSync(path.join(tmpdir(), 'agentcart-docs-'));
  // `npm start` in a fresh project folder: its data directory is ./data, where the setup reads demo.json.
  server = spawn('npx', ['tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(FRESH_PORT),
      DATA_DIR: path.join(folder, 'data'),
      APP_MODE: 'sandbox',
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${FRESH_PORT}`,
    },
    stdio: 'ignore',
    // Its own process group, so stopping it stops the server under npx too.
    detached: true,
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`http://localhost:${FRESH_PORT}/api/status`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: 110_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    // The server writes into its data directory until it has stopped (a CI run once found the sandbox
    // world's folder refilled mid-removal): remove the folder only then.
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
  // npx may exit a moment before the server under it: retry what is still being written.
  rmSync(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
});

test('every request on /docs runs in page order against a fresh instance', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/docs');
  const blocks = await page.locator('figure[data-kind="request"]').evaluateAll((figures) =>
    figures.map((figure) => ({
      title: figure.querySelector('figcaption span')?.textContent ?? '',
      code: figure.querySelector('code')?.textContent ?? '',
    })),
  );
  // `npm start` itself is the fresh instance started above.
  const runnable = blocks.filter((block) => block.code.trim() !== 'npm start');
  expect(runnable.length).toBeGreaterThan(15);
  const setup = runnable.findIndex((block) => block.code.includes(`AGENTCART_URL=${DOCUMENTED_URL}`));
  expect(setup, 'the setup block sets AGENTCART_URL').toBe(0);
  runnable[0]!.code = runnable[0]!.code.replace(DOCUMENTED_URL, `http://localhost:${FRESH_PORT}`);

  const script = [
    'set -e',
    ...runnable.flatMap((block, i) => [`echo "@@block ${i}"`, block.code, 'echo']),
    'echo "@@end"',
  ].join('\n');
  // A reader's terminal: none of the test runner's environment (its NODE_OPTIONS change how node reads stdin).
  const terminal = { PATH: process.env.PATH!, HOME: process.env.HOME ?? folder, LANG: 'C.UTF-8' };
  const run = spawnSync('bash', ['-c', script], {
    cwd: folder,
    env: terminal,
    encoding: 'utf8',
    timeout: 150_000,
  });
  const outputs = run.stdout.split(/^@@block \d+$/m).slice(1);
  const ran = outputs.length;
  console.info(`docs examples: ${ran} of ${runnable.length} request blocks ran in page order`);
  expect(run.status, `stopped in "${runnable[ran - 1]?.title}": ${run.stderr}\n${outputs.at(-1)}`).toBe(0);
  expect(run.stdout).toContain('@@end');

  const failed = runnable
    .map((block, i) => ({ title: block.title, output: outputs[i]! }))
    .filter(({ output }) => ERROR_ANSWER.test(output));
  expect(failed, 'blocks that answered an error').toEqual([]);
  const outputOf = (title: string) => outputs[runnable.findIndex((block) => block.title === title)]!;
  expect(outputOf('Pay and complete by Lightning (2026-04-17)')).toMatch(/"status":\s*"completed"/);
  expect(outputOf('Complete by card (2026-04-17)')).toMatch(/"status":\s*"completed"/);
  expect(outputOf('Complete by card (2025-09-29 session)')).toMatch(/"status":\s*"completed"/);
  console.info(`docs examples: ${ran - failed.length} of ${runnable.length} passed`);
});
