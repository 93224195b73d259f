import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFilesPrivately, keepDirectoryPrivate, writePrivateFile } from './private-files';

let dir: string;
let umask: number;
beforeEach(() => {
  umask = process.umask(0); // the loosest a process can be started with
  dir = mkdtempSync(path.join(tmpdir(), 'agentcart-private-'));
});
afterEach(() => {
  process.umask(umask);
  rmSync(dir, { recursive: true, force: true });
});

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe('keeping the data directory its owner’s only', () => {
  it('tightens a directory left world-readable and writable, everything in it included', () => {
    const data = path.join(dir, 'data');
    mkdirSync(path.join(data, 'pglite', 'pg_wal'), { recursive: true, mode: 0o777 });
    writeFileSync(path.join(data, 'pglite', 'pg_wal', '000000010000000000000001'), 'rows', { mode: 0o666 });
    writeFileSync(path.join(data, 'demo.json'), '{}', { mode: 0o644 });
    const outside = path.join(dir, 'elsewhere.txt');
    writeFileSync(outside, 'not ours', { mode: 0o644 });
    symlinkSync(outside, path.join(data, 'link'));

    keepDirectoryPrivate(data);

    expect(
      ['', 'pglite', 'pglite/pg_wal'].map((d) => modeOf(path.join(data, d))),
      'directories',
    ).toEqual(['700', '700', '700']);
    expect(modeOf(path.join(data, 'pglite', 'pg_wal', '000000010000000000000001'))).toBe('600');
    expect(modeOf(path.join(data, 'demo.json'))).toBe('600');
    expect(modeOf(outside), 'a link is not followed').toBe('644');
  });

  it('creates a missing data directory 0700', () => {
    keepDirectoryPrivate(path.join(dir, 'new', 'data'));
    expect(modeOf(path.join(dir, 'new', 'data'))).toBe('700');
  });

  it('rewrites a file that existed with looser modes as its owner’s only', () => {
    const file = path.join(dir, 'dump.tar.gz');
    writeFileSync(file, 'old', { mode: 0o644 });
    writePrivateFile(file, 'new');
    expect([modeOf(file), readFileSync(file, 'utf8')]).toEqual(['600', 'new']);
  });

  it('makes what the process creates afterwards its owner’s only, whoever creates it', () => {
    createFilesPrivately();
    writeFileSync(path.join(dir, 'pid'), '1', { mode: 0o666 });
    mkdirSync(path.join(dir, 'sub'), { mode: 0o777 });
    expect([modeOf(path.join(dir, 'pid')), modeOf(path.join(dir, 'sub'))]).toEqual(['600', '700']);
  });
});
