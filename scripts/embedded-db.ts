/**
 * Looks into the embedded database of a stopped AgentCart ($DATA_DIR/pglite, DATA_DIR defaulting to
 * ./data). While AgentCart runs it owns the database and both commands say so (docs/decisions/009).
 *
 *   npm run db:query -- "SELECT email, created_at FROM users"   prints the rows
 *   npm run db:dump [-- file.tar.gz]                             writes a copy PGlite opens with loadDataDir
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { dumpEmbedded } from '../server/db/client';
import { queryEmbedded } from '../server/db/inspect-embedded';
import { createFilesPrivately, keepDirectoryPrivate, writePrivateFile } from '../server/lib/private-files';

const dataDir = path.resolve(process.env.DATA_DIR ?? './data', 'pglite');
const [command, argument] = process.argv.slice(2);

async function main() {
  // A dump holds every row; the database these commands open writes its WAL: both its owner's only.
  createFilesPrivately();
  if (!existsSync(dataDir))
    throw new Error(`No embedded database in ${dataDir} (set DATA_DIR to AgentCart's data directory).`);
  keepDirectoryPrivate(path.dirname(dataDir));
  if (command === 'query' && argument) {
    console.table(await queryEmbedded(dataDir, argument));
  } else if (command === 'dump') {
    const file = path.resolve(
      argument ?? `agentcart-db-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
    );
    writePrivateFile(file, Buffer.from(await (await dumpEmbedded(dataDir, 'gzip')).arrayBuffer()));
    console.log(`Wrote ${file}: the embedded database of ${dataDir}, for PGlite.create({ loadDataDir }).`);
  } else {
    console.error('usage: npm run db:query -- "<SQL>"   |   npm run db:dump [-- <file.tar.gz>]');
    process.exitCode = 2;
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
