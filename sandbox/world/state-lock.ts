import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims a world's state directory for this process: two processes saving the same simulator files
 * would overwrite each other's objects. A lock left by a process that died is taken over.
 */
export function lockStateDir(dir: string): { release(): void } {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const file = path.join(dir, 'world.lock');
  const claim = () => writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
  try {
    claim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder !== process.pid && Number.isInteger(holder) && isRunning(holder)) {
      throw new Error(
        `The sandbox world in ${dir} is already running (process ${holder}). Point this app at it with SANDBOX_WORLD_URL, or stop it first.`,
      );
    }
    rmSync(file, { force: true });
    claim();
  }
  return { release: () => rmSync(file, { force: true }) };
}
