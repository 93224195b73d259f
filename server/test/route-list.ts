import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  method: string;
  /** The path as registered (a parameter shared by sibling routes shows under its first name). */
  url: string;
}

const TREE_LINE = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/;

/**
 * Every route of a ready app, one entry per method. Fastify lists routes only as its printed radix
 * tree, each line a path segment under its parent's; this rebuilds the full paths from that tree.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const prefixes: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = TREE_LINE.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    // Sibling routes whose parameters are named differently are printed as ':a|:b'.
    const segment = match[2]!.replace(/(:\w+)(\|:\w+)+/g, '$1');
    const url = (prefixes[depth - 1] ?? '') + segment;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of match[3]?.split(', ') ?? []) routes.push({ method, url });
  }
  return routes;
}
