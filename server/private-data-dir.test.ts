import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startAppProcess, startWorldProcess, withStarts } from './test/processes';

/**
 * On a shared host, DATA_DIR (the embedded database and its WAL, secrets, demo.json, the sandbox world)
 * is its owner's only: directories 0700, files 0600, even when AgentCart is started under umask 000 on
 * a data directory an older version left world-readable. Each process here starts under umask 000.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agentcart-modes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Starts what `start` spawns under umask 000 (a child inherits its parent's umask when spawned). */
function underUmask000<T>(start: () => T): T {
  const previous = process.umask(0);
  try {
    return start();
  } finally {
    process.umask(previous);
  }
}

/** Every entry under `root` (itself included) whose mode is not 0700 (directory) or 0600 (file). */
function loose(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    const mode = stat.mode & 0o777;
    if (mode !== (stat.isDirectory() ? 0o700 : 0o600))
      found.push(`${path.relative(root, entry) || '.'} ${mode.toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

describe('the data directory on a shared host', () => {
  it(
    'npm start leaves none of it readable or writable by others, tightening what an older version left',
    async () => {
      // What an older AgentCart left: a world-writable directory and files.
      const dataDir = path.join(dir, 'app');
      mkdirSync(dataDir);
      chmodSync(dataDir, 0o777);
      writeFileSync(path.join(dataDir, 'demo.json'), '{}');
      chmodSync(path.join(dataDir, 'demo.json'), 0o666);

      const port = await freePort();
      const app = await underUmask000(() => startAppProcess({ dataDir, port }));
      try {
        for (const entry of ['pglite/PG_VERSION', 'sandbox-world', 'secrets.json', 'demo.json']) {
          expect(existsSync(path.join(dataDir, entry)), entry).toBe(true);
        }
        expect(loose(dataDir), 'while running').toEqual([]);
      } finally {
        await app.stop();
      }
      expect(loose(dataDir), 'after a stop').toEqual([]);

      // npm run db:dump on the stopped database, over a dump file left world-readable.
      const dump = path.join(dir, 'backup.tar.gz');
      writeFileSync(dump, 'old');
      chmodSync(dump, 0o644);
      const result = underUmask000(() =>
        spawnSync(process.execPath, ['--import', 'tsx', 'scripts/embedded-db.ts', 'dump', dump], {
          cwd: ROOT,
          env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', DATA_DIR: dataDir },
          encoding: 'utf8',
        }),
      );
      expect(result.status, result.stderr).toBe(0);
      expect((lstatSync(dump).mode & 0o777).toString(8)).toBe('600');
      expect(loose(dataDir), 'after the dump').toEqual([]);
    },
    withStarts(2, 60_000),
  );

  it(
    'npm run sandbox:world keeps the world’s state its owner’s only',
    async () => {
      const dataDir = path.join(dir, 'world');
      const world = await underUmask000(() => startWorldProcess({ dataDir }));
      try {
        const stripe = (
          (await (await fetch(`${world.url}/__world`)).json()) as {
            simulators: Record<string, { baseUrl: string }>;
          }
        ).simulators.stripe!.baseUrl;
        const minted = await fetch(`${stripe}/__sim/granted_tokens`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ currency: 'gbp', max_amount: 1000 }),
        });
        expect(minted.status).toBe(200); // a change journaled before the answer
        expect(loose(dataDir), 'while running').toEqual([]);
      } finally {
        await world.stop();
      }
      expect(loose(dataDir), 'after a stop').toEqual([]);
    },
    withStarts(1, 30_000),
  );
});
