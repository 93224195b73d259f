import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { featureCycles } from './scripts/eslint/feature-cycles.js';
import { simulatorBoundary } from './scripts/eslint/simulator-boundary.js';

/** The architecture's arrows (docs/architecture.md), enforced so the picture stays true. */
const noServerOrWeb = {
  group: ['#server/*', '#web/*', '**/server/**', '**/web/**'],
  message: 'common/ is isomorphic: it imports nothing from server/ or web/.',
};
const noNode = { group: ['node:*'], message: 'common/ and web/ run in the browser: no Node APIs.' };

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'node_modules/**', '.tmp/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noServerOrWeb, noNode] }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Only matters to the React Compiler, which this project does not use.
      'react-hooks/incompatible-library': 'off',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '**/server/**'],
              message: 'The web app talks to the server over HTTP only.',
            },
            noNode,
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/integrations/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#web/*', '**/web/**'], message: 'The server never imports the web app.' }] },
      ],
    },
  },
  {
    // The layers below the features (docs/decisions/038): they know no feature, not even a feature's types,
    // so a feature can change or go without touching them. Features implement what these declare.
    files: [
      'server/app-context.ts',
      'server/db/**/*.ts',
      'server/events/**/*.ts',
      'server/jobs/**/*.ts',
      'server/lib/**/*.ts',
      'server/services/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '#server/features/*', '#server/features/**'],
              message:
                'db, events, jobs, lib, services and app-context.ts sit below the features and import none (types included): declare the interface here (server/services/) and let the feature implement it, or move the code beside compose.ts.',
            },
            { group: ['#web/*', '**/web/**'], message: 'The server never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/integrations/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/**', '**/features/**', '#server/db/*', '#server/features/*'],
              message: 'Adapters are stateless: they never touch the database or features.',
            },
            { group: ['#web/*', '**/web/**'], message: 'The server never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // Only config.ts reads the environment (tooling scripts and tests set it up).
    files: ['server/**/*.ts'],
    ignores: ['server/config.ts', 'server/**/*.test.ts', 'server/test/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through server/config.ts.' },
      ],
    },
  },
  {
    // Dependencies point one way (docs/decisions/012): features use the engine (features/commerce), the
    // engine uses no feature, and a feature reaches another only through its public entry (index.ts).
    // Composition roots (main.ts, compose.ts, job-registry.ts, demo-seed.ts, http/app.ts) and tests are
    // not features: they may import what they register.
    files: ['server/features/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts'] } },
      'boundaries/elements': [
        { type: 'engine', pattern: 'server/features/commerce' },
        { type: 'feature', pattern: 'server/features/*', capture: ['name'] },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'engine' } },
              disallow: { to: { element: { type: 'feature' } } },
              message:
                'The engine (features/commerce) imports no feature: features subscribe to its events or receive what it needs through compose.ts.',
            },
            {
              disallow: {
                to: { element: { types: ['engine', 'feature'], fileInternalPath: '!index.ts' } },
              },
              message: 'Import another feature through its public entry (its index.ts), never its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // Web features import web/components, web/lib and common; another feature only through its public
    // entry (its index.ts), which lists what it offers. Pages are loaded by web/app's routes, never from an
    // index, so a lazy page stays out of the chunks that import its feature. web/app is the composition
    // root and tests may reach in.
    files: ['web/features/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': {
        'scripts/eslint/subpath-imports-resolver.js': {},
        node: { extensions: ['.ts', '.tsx'] },
      },
      'boundaries/elements': [{ type: 'web-feature', pattern: 'web/features/*', capture: ['name'] }],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              disallow: { to: { element: { type: 'web-feature', fileInternalPath: '!index.ts' } } },
              message: 'Import another feature through its public entry (its index.ts), never its internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // Sandbox code stays out of production (ADR 011): only tests and the test harness may import the
    // sandbox/ wing; everything else in server/ and scripts/ may not (main.ts reaches it dynamically).
    files: ['server/**/*.ts'],
    ignores: [
      'server/**/*.test.ts',
      'server/test/**',
      'server/integrations/contract-kit.ts',
      'server/integrations/**/*-test-kit.ts',
      'server/integrations/*/contract.ts',
    ],
    plugins: { 'simulator-boundary': simulatorBoundary },
    rules: { 'simulator-boundary/no-production-import-of-simulators': 'error' },
  },
  {
    // The sandbox imitates providers from their documentation, so it checks the adapters instead of
    // agreeing with them: it may use the product's contracts (types, the sandbox network's constants,
    // generic libraries) but no adapter's, feature's or database code. Type-only imports carry no code.
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(#server/|(\\.\\./)+server/)(?!lib/|integrations/sandbox-network$)',
              allowTypeImports: true,
              message:
                'The sandbox writes its own provider code from the providers’ documentation: import only types from server/ (besides server/lib and server/integrations/sandbox-network).',
            },
            { group: ['#web/*', '**/web/**'], message: 'The sandbox never imports the web app.' },
          ],
        },
      ],
    },
  },
  {
    // Features import each other one way (ADR 037): no import closes a cycle between two or more features,
    // on the server and in the web. Tests may reach across features and are not checked.
    files: ['server/features/**/*.ts'],
    ignores: ['server/**/*.test.ts'],
    plugins: { 'feature-cycles': featureCycles },
    rules: { 'feature-cycles/no-feature-cycles': ['error', { featuresDir: 'server/features' }] },
  },
  {
    files: ['web/features/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.{ts,tsx}'],
    plugins: { 'feature-cycles': featureCycles },
    rules: { 'feature-cycles/no-feature-cycles': ['error', { featuresDir: 'web/features' }] },
  },
);
