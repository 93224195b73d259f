import fs from 'node:fs';
import path from 'node:path';

/**
 * Features depend on each other one way (docs/decisions/012, 037): an import from one feature into
 * another is refused when the second already reaches the first, directly or through other features. The
 * feature-level graph is built once per features folder from its files (tests excluded: they may reach
 * anything) and cached for the lint run. Type-only imports count: they are dependencies all the same.
 */

const SOURCE = /\.(ts|tsx|js|jsx)$/;
const TEST = /\.test\.(ts|tsx|js|jsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'];
// Static imports, re-exports and dynamic imports of a string literal.
const SPECIFIERS =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

const graphs = new Map();

function listSources(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listSources(full));
    else if (SOURCE.test(entry.name) && !TEST.test(entry.name)) out.push(full);
  }
  return out;
}

function resolveSpecifier(fromFile, specifier, projectRoot) {
  const alias = /^#(server|web|common)\/(.*)$/.exec(specifier);
  if (alias) return path.resolve(projectRoot, alias[1], alias[2]);
  if (specifier.startsWith('.')) return path.resolve(path.dirname(fromFile), specifier);
  return null;
}

/** The feature a path belongs to, or null when it lies outside the features folder. */
function featureOf(file, featuresDir) {
  const relative = path.relative(featuresDir, file);
  if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  // A file directly in the folder (not in a feature's own folder) is no feature.
  if (rest.length === 0 && EXTENSIONS.some((ext) => first.endsWith(ext))) return null;
  return first.replace(/\.(ts|tsx|js|jsx)$/, '');
}

function graphOf(featuresDir, projectRoot) {
  let graph = graphs.get(featuresDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of listSources(featuresDir)) {
    const from = featureOf(file, featuresDir);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(SPECIFIERS)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      const target = resolveSpecifier(file, specifier, projectRoot);
      const to = target && featureOf(target, featuresDir);
      if (to && to !== from) graph.get(from).add(to);
    }
  }
  graphs.set(featuresDir, graph);
  return graph;
}

/** A path of features from `start` to `goal` (both included), or null. */
function pathBetween(graph, start, goal) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === goal) {
      const route = [];
      for (let at = goal; at !== null; at = previous.get(at)) route.unshift(at);
      return route;
    }
    for (const next of graph.get(current) ?? []) {
      if (!previous.has(next)) {
        previous.set(next, current);
        queue.push(next);
      }
    }
  }
  return null;
}

const noFeatureCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Features import each other one way: no import closes a cycle between features.' },
    messages: {
      cycle:
        'This import closes a cycle between features: {{cycle}}. Move what both need below the features, or invert the dependency (ADR 037).',
    },
    schema: [
      {
        type: 'object',
        properties: { featuresDir: { type: 'string' }, projectRoot: { type: 'string' } },
        required: ['featuresDir'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const options = context.options[0];
    const projectRoot = path.resolve(options.projectRoot ?? context.cwd ?? process.cwd());
    const featuresDir = path.resolve(projectRoot, options.featuresDir);
    const from = featureOf(context.filename, featuresDir);
    if (!from || TEST.test(context.filename)) return {};
    const check = (node, source) => {
      if (!source || typeof source.value !== 'string') return;
      const target = resolveSpecifier(context.filename, source.value, projectRoot);
      const to = target && featureOf(target, featuresDir);
      if (!to || to === from) return;
      const back = pathBetween(graphOf(featuresDir, projectRoot), to, from);
      if (back) context.report({ node, messageId: 'cycle', data: { cycle: [from, ...back].join(' → ') } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const featureCycles = { rules: { 'no-feature-cycles': noFeatureCycles } };

/** Forgets the cached graphs (tests that lint fixtures more than once). */
export function forgetFeatureGraphs() {
  graphs.clear();
}
