import path from 'node:path';

/**
 * Sandbox code is code whose file name starts with `simulator`, or that sits in a `simulators/` folder,
 * under server/integrations (ADR 011). Production code never imports it: the only way in is the
 * sandbox-only dynamic import in server/main.ts, which this rule does not see (it checks static imports
 * and re-exports; type-only imports carry no code and are allowed).
 */
export function isSimulatorModule(file) {
  const relative = path.relative(process.cwd(), file).split(path.sep).join('/');
  if (!relative.startsWith('server/integrations/')) return false;
  return /(^|\/)simulators\//.test(relative) || /^simulator/.test(path.posix.basename(relative));
}

function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith('#server/')) return path.resolve('server', specifier.slice('#server/'.length));
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

const noProductionImportOfSimulators = {
  meta: {
    type: 'problem',
    docs: { description: 'Production code never imports simulator (sandbox) code.' },
    messages: {
      simulator:
        'Simulators are sandbox-only: production code never imports {{specifier}} (only simulator files, tests and the sandbox bootstrap may; ADR 011).',
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
