import path from 'node:path';

/**
 * Sandbox code is everything under the top-level sandbox/ folder: the simulators, their state and the
 * world process (ADR 011). Production code never imports it: the only way in is the sandbox-only dynamic
 * import in server/main.ts, which this rule does not see (it checks static imports and re-exports;
 * type-only imports carry no code and are allowed).
 */
export function isSimulatorModule(file) {
  const relative = path.relative(process.cwd(), file).split(path.sep).join('/');
  return relative.startsWith('sandbox/');
}

function resolveSpecifier(fromFile, specifier) {
  const alias = /^#(server|sandbox|common)\//.exec(specifier);
  if (alias) return path.resolve(alias[1], specifier.slice(alias[0].length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

const noProductionImportOfSimulators = {
  meta: {
    type: 'problem',
    docs: { description: 'Production code never imports simulator (sandbox) code.' },
    messages: {
      simulator:
        'Simulators are sandbox-only: production code never imports {{specifier}} (only sandbox/, tests and the test harness may; ADR 011).',
    },
    schema: [],
  },
  create(context) {
    const check = (node, source, typeOnly) => {
      if (!source || typeOnly) return;
      const target = resolveSpecifier(context.filename, String(source.value));
      if (target && isSimulatorModule(target)) {
        context.report({ node, messageId: 'simulator', data: { specifier: source.value } });
      }
    };
    return {
      ImportDeclaration: (node) =>
        check(
          node,
          node.source,
          node.importKind === 'type' ||
            (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type')),
        ),
      ExportNamedDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
    };
  },
};

export const simulatorBoundary = {
  rules: { 'no-production-import-of-simulators': noProductionImportOfSimulators },
};
