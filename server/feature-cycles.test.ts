import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { expect, it } from 'vitest';
import { featureCycles, forgetFeatureGraphs } from '../scripts/eslint/feature-cycles.js';

const FIXTURES = 'server/test/fixtures/feature-cycles';

/** Lints one fixture file as the project's config lints a feature's file. */
function lint(fixture: string, file: string) {
  forgetFeatureGraphs();
  const featuresDir = `${FIXTURES}/${fixture}`;
  const filename = path.resolve(featuresDir, file);
  return new Linter({ configType: 'flat' }).verify(
    readFileSync(filename, 'utf8'),
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { 'feature-cycles': featureCycles },
        rules: { 'feature-cycles/no-feature-cycles': ['error', { featuresDir }] },
      },
    ],
    filename,
  );
}

it('refuses an import that closes a cycle between features, naming the cycle', () => {
  const messages = lint('cyclic', 'a/index.ts');
  expect(messages).toHaveLength(1);
  expect(messages[0]).toMatchObject({ ruleId: 'feature-cycles/no-feature-cycles', line: 1 });
  expect(messages[0]!.message).toContain('a → b → c → a');
});

it('counts a type-only import and an import of a feature file other than its index', () => {
  expect(lint('cyclic', 'c/index.ts')[0]!.message).toContain('c → a → b → c');
  expect(lint('cyclic', 'b/index.ts')[0]!.message).toContain('b → c → a → b');
});

it('allows imports that point one way, and imports inside a feature', () => {
  expect(lint('acyclic', 'a/index.ts')).toEqual([]);
  expect(lint('acyclic', 'b/index.ts')).toEqual([]);
});
