/**
 * `npm run sandbox:world`: the sandbox's outside world (every provider simulator) as its own process, so
 * it outlives the apps that use it, as Stripe and a merchant's WooCommerce store do. State is kept under
 * $DATA_DIR/sandbox-world; the manifest is at GET <url>/__world (SANDBOX_WORLD_PORT, default 4400, and
 * the simulators on the ports right after it). Point apps at it with SANDBOX_WORLD_URL=<url>.
 *
 * The first line on stdout is `Sandbox world: <url>`, for scripts and tests that start it with
 * SANDBOX_WORLD_PORT=0.
 */
import { ConfigError, loadConfig } from '../server/config';
import { createFilesPrivately, keepDirectoryPrivate } from '../server/lib/private-files';
import { startWorld, worldStateDir } from '#sandbox/world/world-server';

async function main() {
  createFilesPrivately();
  const config = loadConfig();
  if (config.mode !== 'sandbox') throw new Error('The sandbox world is sandbox only (APP_MODE is live).');
  keepDirectoryPrivate(config.dataDir);
  const world = await startWorld({
    dataDir: config.dataDir,
    port: config.sandboxWorldPort,
    accessSecret: config.sandboxAccessSecret,
  });
  console.log(`Sandbox world: ${world.url}`);
  console.log(`  State       ${worldStateDir(config.dataDir)}`);
  console.log(`  Manifest    ${world.url}/__world`);
  for (const [id, { baseUrl }] of Object.entries(world.simulators.simulators)) {
    console.log(`  ${id.padEnd(12)}${baseUrl}`);
  }
  console.log(
    `  Use it:     SANDBOX_WORLD_URL=${world.url} npm start${config.sandboxAccessSecret ? '   (with the same SANDBOX_ACCESS_SECRET: its manifest and controls require it)' : ''}`,
  );

  const shutdown = async () => {
    await world.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((err: unknown) => {
  console.error(`The sandbox world could not start.\n${err instanceof Error ? err.message : String(err)}`);
  if (err instanceof ConfigError) console.error('See .env.example for every variable.');
  process.exit(1);
});
