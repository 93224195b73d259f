import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance, FastifySchema } from 'fastify';

export interface RegisteredRoute {
  method: string;
  /** With the prefix of the plugin that registered it and the router's `:param` and `*` syntax. */
  url: string;
  schema?: FastifySchema;
}

/**
 * Records, from now until `stop()`, the route table of every Fastify instance created: through Fastify's
 * documented `fastify.initialization` diagnostics channel, an `onRoute` hook is added to each new instance
 * before any route exists. So a test reads the table the app really registers, new routes included.
 */
export function recordRouteTables() {
  const tables = new Map<FastifyInstance, RegisteredRoute[]>();
  const initialization = channel('fastify.initialization');
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    const routes: RegisteredRoute[] = [];
    tables.set(fastify, routes);
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, schema: route.schema });
    });
  };
  initialization.subscribe(onInstance);
  return {
    routesOf: (app: FastifyInstance): RegisteredRoute[] => tables.get(app) ?? [],
    stop: () => initialization.unsubscribe(onInstance),
  };
}
