import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Prints what the landing page downloads before it is interactive (the entry, the app it starts after
 * the first paint, the home page chunk and their static imports) in gzipped KB, and fails the build when
 * that passes the budget.
 */
export function landingPageBudget(opts: {
  landingModule: string;
  /** The module the entry imports once the pre-rendered page has painted (web/main.tsx). */
  startModule: string;
  budgetKb: number;
}): Plugin {
  return {
    name: 'landing-page-budget',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const chunkOf = (module: string) => chunks.find((c) => c.facadeModuleId?.endsWith(module));
      const landing = chunkOf(opts.landingModule);
      const start = chunkOf(opts.startModule);
      if (!entry || !landing || !start)
        return this.error(
          `landing budget: could not find the entry, ${opts.startModule} or ${opts.landingModule}`,
        );
      const needed = new Set<string>();
      const visit = (fileName: string) => {
        if (needed.has(fileName)) return;
        needed.add(fileName);
        byFile.get(fileName)?.imports.forEach(visit);
      };
      visit(entry.fileName);
      visit(start.fileName);
      visit(landing.fileName);
      const sizes = [...needed]
        .map((f) => ({ file: f, kb: gzipSync(byFile.get(f)!.code).length / 1024 }))
        .sort((a, b) => b.kb - a.kb);
      const kb = sizes.reduce((sum, s) => sum + s.kb, 0);
      // The largest chunks first: where to look when the budget is tight.
      const largest = sizes
        .slice(0, 5)
        .map((s) => `  ${s.kb.toFixed(1).padStart(5)} KB  ${s.file}`)
        .join('\n');
      const line = `Landing page initial JavaScript: ${kb.toFixed(1)} KB gzipped in ${needed.size} chunks (budget ${opts.budgetKb} KB)\n${largest}`;
      if (kb > opts.budgetKb) this.error(line);
      console.log(`\n${line}`);
    },
  };
}
