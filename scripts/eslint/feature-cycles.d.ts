import type { ESLint } from 'eslint';

/** The rule `no-feature-cycles`: refuses an import that closes a cycle between features. */
export const featureCycles: ESLint.Plugin;
/** Forgets the cached feature graphs (tests that lint fixtures more than once). */
export function forgetFeatureGraphs(): void;
