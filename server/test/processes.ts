import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/**
 * Tests that need real processes (the sandbox world outliving an app, an app restarted on its data
 * directory): each is `node --import tsx <script>` from the repository root, with only the environment
 * given (plus PATH and HOME), so the test runner's own variables do not leak into it.
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * How long a process may take to print its ready line. tsx compiles the server as it loads, and the app
 * opens its database and seeds the demo merchant: seconds on an idle machine, over a minute on two cores
 * at load 30. A ceiling for a process that never gets ready (it fails with what the process printed).
 */
export const START_TIMEOUT_MS = 180_000;

/** A test's own ceiling when it starts `starts` processes besides `workMs` of its own work. */
export const withStarts = (starts: number, workMs: number) => starts * START_TIMEOUT_MS + workMs;

export interface RunningProcess {
  /** Everything it printed so far (stdout and stderr), for failure messages. */
  output(): string;
  /** Resolves once it has exited, with how (a crash drill's process must die of SIGKILL). */
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Stops it (SIGTERM: a graceful shutdown; SIGKILL: a crash) and resolves once it has exited. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Starts `script` and resolves when its stdout matches `ready` (with the match). */
export function startProcess(
  script: string,
  opts: { env: Record<string, string>; ready: RegExp },
): Promise<RunningProcess & { ready: RegExpMatchArray }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const handle: RunningProcess = {
    output: () => output,
    exit: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited(child);
    },
  };
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const fail = (why: string) =>
      settle(() => {
        void handle.stop('SIGKILL');
        reject(new Error(`${script} ${why}. It printed:\n${output}`));
      });
    const timer = setTimeout(() => fail(`did not start within ${START_TIMEOUT_MS} ms`), START_TIMEOUT_MS);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = opts.ready.exec(output);
      if (match) settle(() => resolve({ ...handle, ready: match }));
    });
    child.once('exit', (code) => fail(`exited (code ${code}) before it was ready`));
  });
}

/** A free loopback port (for a process that needs a fixed one, like an app whose links must stay valid). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * `npm run sandbox:world` on `dataDir`, on free ports unless `port` is given. Its URL is what apps get
 * as SANDBOX_WORLD_URL.
 */
export async function startWorldProcess(opts: { dataDir: string; port?: number }) {
  const world = await startProcess('scripts/sandbox-world.ts', {
    env: { DATA_DIR: opts.dataDir, SANDBOX_WORLD_PORT: String(opts.port ?? 0) },
    ready: /^Sandbox world: (\S+)$/m,
  });
  return { ...world, url: world.ready[1]! };
}

/** `npm start`'s server (without the web build step) on `dataDir` and `port`, in sandbox mode. */
export async function startAppProcess(opts: { dataDir: string; port: number; env?: Record<string, string> }) {
  const app = await startProcess('server/main.ts', {
    env: {
      APP_MODE: 'sandbox',
      DATA_DIR: opts.dataDir,
      PORT: String(opts.port),
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    ready: /AgentCart is running/,
  });
  return { ...app, url: `http://localhost:${opts.port}` };
}
