import { invalidRequest, type Params } from './simulator-http';

/** A Stripe list page: `{object: 'list', data, has_more, url}`. */
export interface ListPage<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

/**
 * A page of `items` (given oldest first, as they were created) the way Stripe pages lists: newest first,
 * `limit` 1–100 (10 by default), and cursors `starting_after` / `ending_before` naming an object's id.
 */
export function listOf<T extends { id: string }>(url: string, items: T[], params: Params): ListPage<T> {
  const limit = params.int('limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidRequest('Invalid limit: must be between 1 and 100', { param: 'limit' });
  }
  const newestFirst = [...items].reverse();
  const after = params.string('starting_after');
  const before = params.string('ending_before');
  const cursor = (id: string, param: string) => {
    const index = newestFirst.findIndex((item) => item.id === id);
    if (index < 0) throw invalidRequest(`No such object: '${id}'`, { code: 'resource_missing', param });
    return index;
  };
  if (before) {
    const end = cursor(before, 'ending_before');
    const start = Math.max(0, end - limit);
    return { object: 'list', data: newestFirst.slice(start, end), has_more: start > 0, url };
  }
  const start = after ? cursor(after, 'starting_after') + 1 : 0;
  const data = newestFirst.slice(start, start + limit);
  return { object: 'list', data, has_more: start + limit < newestFirst.length, url };
}

/**
 * The objects `account` owns in a simulator's store, oldest first (as created): what a list endpoint may
 * show that account, before its own filters.
 */
export function ownedBy<T>(store: Map<string, { owner: string; object: T }>, account: string): T[] {
  return [...store.values()].filter(({ owner }) => owner === account).map(({ object }) => object);
}
