// An eslint-module-utils resolver (interface 2) for the package's subpath imports (#web/*, #common/*,
// #server/*, package.json "imports"), which the node resolver does not understand: without it a boundary
// rule sees `#web/features/x/y` as an unknown package and lets it through.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const PREFIXES = { '#web/': 'web', '#common/': 'common', '#server/': 'server' };
const CANDIDATES = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

export const interfaceVersion = 2;

export function resolve(source) {
  const prefix = Object.keys(PREFIXES).find((p) => source.startsWith(p));
  if (!prefix) return { found: false };
  const base = path.join(ROOT, PREFIXES[prefix], source.slice(prefix.length));
  for (const suffix of CANDIDATES) {
    const candidate = base + suffix;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return { found: true, path: candidate };
  }
  return { found: false };
}
