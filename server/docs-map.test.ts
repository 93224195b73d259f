import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DocsMapError, indexDescription, mapFiles, renderMap, withMap } from '../scripts/docs-map';

const root = path.resolve(import.meta.dirname, '..');

describe('the folder map in README.md and docs/architecture.md', () => {
  it('is what the tree makes of it', () => {
    for (const { file, current, generated } of mapFiles(root)) {
      expect(current, `${file}'s folder map is out of date: run \`npm run docs:map\``).toBe(generated);
    }
  });
});

describe('the map generator', () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'docs-map-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  };

  it('refuses a folder nobody described, saying what to add', () => {
    write('newcomer/world.ts', 'export {};\n');
    expect(() => renderMap(scratch)).toThrow(DocsMapError);
    expect(() => renderMap(scratch)).toThrow(
      /newcomer has no description: open its index\.ts with a \/\*\* one sentence \*\/ comment .* or add 'newcomer' to DESCRIPTIONS in scripts\/docs-map\.ts/,
    );
  });

  it('takes a folder’s description from the comment its index.ts opens with', () => {
    write('a/index.ts', '/**\n * The first sentence, over\n * two lines. Not this one.\n */\nexport {};\n');
    write('b/index.ts', '// What b holds: this line\n// and this one.\nexport {};\n');
    write('c/index.ts', 'export const c = 1; // not a description\n');
    expect(indexDescription(scratch, 'a')).toBe('The first sentence, over two lines');
    expect(indexDescription(scratch, 'b')).toBe('What b holds: this line and this one');
    expect(indexDescription(scratch, 'c')).toBeNull();
  });

  it('replaces only what lies between the markers, and says when they are missing', () => {
    const text = 'intro\n<!-- map:start -->\nold\n<!-- map:end -->\noutro\n';
    expect(withMap(text, 'new', 'X.md')).toBe(
      'intro\n<!-- map:start -->\n\nnew\n\n<!-- map:end -->\noutro\n',
    );
    expect(() => withMap('no markers', 'new', 'X.md')).toThrow(/X\.md has no <!-- map:start -->/);
  });
});
