import type { FastifyInstance } from 'fastify';
import type { OperationLimit } from '../developers';
import { pathShape, type Operation } from './operations';

export interface CataloguedRoute {
  method: string;
  url: string;
  /** The per-key limit the route enforces (`config.operationLimit`, set by agentOperation). */
  rateLimit: { max: number; window: string } | null;
}

export interface ServedOperation extends Operation {
  /** The paths of the operation that are registered, in the table's order. */
  paths: string[];
  rateLimit: { max: number; window: string } | null;
}

export interface RouteCatalogue {
  /** The operations whose routes are registered; one registered path is enough to list it. */
  served(operations: readonly Operation[]): ServedOperation[];
}

/**
 * Watches routes being registered, so the discovery documents list what is really served, with the rate
 * limits the routes really enforce (one source: the route options). Must be created before the agent
 * APIs register their routes; an `onRoute` hook on the root instance sees routes of every plugin
 * registered after it.
 */
export function routeCatalogue(app: FastifyInstance): RouteCatalogue {
  const routes: CataloguedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const rateLimit: Partial<OperationLimit> | undefined = route.config?.operationLimit;
    const limit =
      typeof rateLimit?.max === 'number'
        ? { max: rateLimit.max, window: String(rateLimit.timeWindow ?? '1 minute') }
        : null;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, rateLimit: limit });
  });

  return {
    served(operations) {
      return operations.flatMap((op) => {
        const found = op.paths
          .map((path) => ({
            path,
            route: routes.find((r) => r.method === op.method && pathShape(r.url) === pathShape(path)),
          }))
          .filter((f) => f.route);
        if (found.length === 0) return [];
        return [{ ...op, paths: found.map((f) => f.path), rateLimit: found[0]!.route!.rateLimit }];
      });
    },
  };
}
