import {
  chmodSync,
  closeSync,
  fchmodSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (its WAL carries e-mails and row data), generated secrets, the
 * demo login and the sandbox world's state: on a shared host no other user may read or change any of
 * it. Directories are 0700, files 0600, whatever umask the process was started with.
 */
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * From now on every file and directory this process creates is its owner's only. First thing in each
 * entry point that writes DATA_DIR: PGlite, pid files and journals create files with their own modes,
 * which the umask narrows.
 */
export function createFilesPrivately(): void {
  process.umask(0o077);
}

/**
 * Creates `dir` if needed and makes it and everything in it its owner's only: a data directory an older
 * version wrote, or the files PGlite unpacks when it creates a database (0666, set by PGlite itself).
 * Symbolic links are left as they are, never followed.
 */
export function keepDirectoryPrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: DIRECTORY_MODE });
  const tighten = (entry: string) => {
    let stat;
    try {
      stat = lstatSync(entry);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile
      throw err;
    }
    if (stat.isSymbolicLink()) return;
    const mode = stat.isDirectory() ? DIRECTORY_MODE : FILE_MODE;
    if ((stat.mode & 0o777) !== mode) chmodSync(entry, mode);
    if (stat.isDirectory()) for (const name of readdirSync(entry)) tighten(path.join(entry, name));
  };
  tighten(dir);
}

/** Writes `file` readable by its owner only, also when it existed with looser modes (never briefly loose). */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  const fd = openSync(file, 'w', FILE_MODE);
  try {
    fchmodSync(fd, FILE_MODE);
    writeFileSync(fd, data);
  } finally {
    closeSync(fd);
  }
}
