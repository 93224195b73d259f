import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isSimulatorModule } from '../scripts/eslint/simulator-boundary.js';

/**
 * A live process contains no simulator code (ADR 011): walking the static imports from server/main.ts
 * reaches no module of the sandbox/ wing, and the one dynamic import that reaches them is main.ts's sandbox-only one.
 */
const root = path.resolve(import.meta.dirname, '..');

function resolveModule(fromFile: string, specifier: string): string | null {
  const alias = /^#(server|sandbox|common)\//.exec(specifier);
  const base = alias
    ? path.join(root, alias[1]!, specifier.slice(alias[0].length))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(fromFile), specifier)
      : null;
  if (!base) return null; // a package or a Node built-in
  const found = [base, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts')].find(
    (candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile(),
  );
  return found ?? null;
}

interface ModuleImports {
  static: string[];
  dynamic: { specifier: string; target: string | null }[];
}

function importsOf(file: string): ModuleImports {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const result: ModuleImports = { static: [], dynamic: [] };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause?.isTypeOnly ||
        (clause && !clause.name && clause.namedBindings && ts.isNamedImports(clause.namedBindings)
          ? clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)
          : false);
      if (!typeOnly) result.static.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      if (!node.isTypeOnly) result.static.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      const specifier = arg && ts.isStringLiteral(arg) ? arg.text : (arg?.getText(source) ?? '');
      result.dynamic.push({
        specifier,
        target: ts.isStringLiteral(arg!) ? resolveModule(file, specifier) : null,
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return result;
}

function staticGraph(entry: string) {
  const seen = new Set<string>();
  const dynamicEdges: { from: string; specifier: string; target: string | null }[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const imports = importsOf(file);
    for (const specifier of imports.static) {
      const target = resolveModule(file, specifier);
      if (target) queue.push(target);
    }
    for (const edge of imports.dynamic) dynamicEdges.push({ from: file, ...edge });
  }
  return { modules: [...seen], dynamicEdges };
}

const relative = (file: string) => path.relative(root, file).split(path.sep).join('/');

describe('a live process contains no simulator code', () => {
  const graph = staticGraph(path.join(root, 'server/main.ts'));

  it('reaches no simulator module through static imports from server/main.ts', () => {
    expect(graph.modules.length).toBeGreaterThan(100);
    expect(graph.modules.filter((file) => isSimulatorModule(file)).map(relative)).toEqual([]);
  });

  it('reaches the simulators only through main.ts’s sandbox-only dynamic import', () => {
    const intoSandbox = graph.dynamicEdges.filter(
      (edge) => edge.target === null || isSimulatorModule(edge.target),
    );
    expect(intoSandbox.map((edge) => [relative(edge.from), edge.specifier])).toEqual([
      ['server/main.ts', '#sandbox/world/sandbox-world'],
    ]);
    const main = fs.readFileSync(path.join(root, 'server/main.ts'), 'utf8');
    expect(main).toMatch(
      /config\.mode === 'sandbox'\s*\?\s*await \(\s*await import\('#sandbox\/world\/sandbox-world'\)/,
    );
  });

  it('fails the lint when production code imports a simulator', async () => {
    const eslint = new ESLint({ cwd: root });
    const [result] = await eslint.lintText(
      "import { fakeBolt11 } from '#sandbox/payments/simulator-lightning';\nexport const bolt11 = fakeBolt11;\n",
      { filePath: path.join(root, 'server/features/commerce/uses-a-simulator.ts') },
    );
    expect(result!.messages.map((m) => m.ruleId)).toContain(
      'simulator-boundary/no-production-import-of-simulators',
    );
  });
});
