import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpEmbedded, startEmbeddedPostgres } from './client';
import { queryEmbedded } from './inspect-embedded';

describe('looking into a stopped embedded database (npm run db:query, npm run db:dump)', () => {
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'agentcart-inspect-'));
    dataDir = path.join(dir, 'pglite');
    const database = await startEmbeddedPostgres({ dataDir });
    await database.pool.query("CREATE TABLE notes (body text); INSERT INTO notes VALUES ('kept')");
    await database.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('queries it through the app driver', async () => {
    expect(await queryEmbedded(dataDir, 'SELECT body FROM notes')).toEqual([{ body: 'kept' }]);
  });

  it('dumps a copy that PGlite opens', async () => {
    const copy = await PGlite.create({ loadDataDir: await dumpEmbedded(dataDir, 'gzip') });
    try {
      expect((await copy.query('SELECT body FROM notes')).rows).toEqual([{ body: 'kept' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses both, saying why, while an AgentCart process runs on it', async () => {
    // A live process other than this one holds the claim: the test runner that started this worker.
    writeFileSync(path.join(dataDir, 'agentcart.pid'), String(process.ppid));
    try {
      await expect(queryEmbedded(dataDir, 'SELECT 1')).rejects.toThrow(
        /Another AgentCart process .* is using/,
      );
      await expect(dumpEmbedded(dataDir)).rejects.toThrow(/Another AgentCart process .* is using/);
    } finally {
      rmSync(path.join(dataDir, 'agentcart.pid'));
    }
  });
});
