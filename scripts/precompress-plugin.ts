import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text the browser downloads as files; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|webmanifest|txt|xml|html)$/;
/** Below this a compressed copy saves less than its headers cost. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every compressible file of the client build, at
 * the highest settings, once, so that the server (@fastify/static's `preCompressed`) answers each request
 * with the smallest copy the browser accepts without compressing anything per request. `skipDir`: a
 * folder the server never serves as files (the pre-rendered pages, served from memory).
 */
export function precompressAssets(opts: { outDir: string; skipDir: string }): Plugin {
  return {
    name: 'precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async closeBundle() {
      const files = await compressibleFiles(opts.outDir, path.join(opts.outDir, opts.skipDir));
      await Promise.all(files.map(writeCompressedCopies));
    },
  };
}

async function compressibleFiles(dir: string, skipDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (full !== skipDir) found.push(...(await compressibleFiles(full, skipDir)));
    } else if (COMPRESSIBLE.test(entry.name) && (await stat(full)).size >= MIN_BYTES) {
      found.push(full);
    }
  }
  return found;
}

async function writeCompressedCopies(file: string) {
  const content = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipped(content, { level: 9 }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
}
