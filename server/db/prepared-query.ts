import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

/** A transaction's handle: queries built on it run on the connection the transaction holds. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * A Drizzle query built once per connection and run with `sql.placeholder` values. Drizzle otherwise
 * rebuilds a query's SQL on every run, walking every column of the table: for the wide rows the agent API
 * reads and writes on every request (the merchant by its key, the offer, the checkout it claims and
 * settles) that cost more CPU than the database spent answering (measured: 450-750 µs of CPU a merchant
 * lookup built each time, 330 µs prepared; docs/decisions/061).
 *
 * Takes the app's handle or a transaction's. A prepared query is bound to the client it was built on, so
 * it is kept per client: the pool for the app's handle, the pool's connection for a transaction (a pool
 * hands the same connection object out again, so a transaction's query is built once per connection). It
 * is given no name, so the pool's PreparingClient names it per connection (ADR 060).
 */
export function preparedQuery<Prepared>(
  build: (db: Db) => { prepare(name: string): Prepared },
): (handle: Db | Tx) => Prepared {
  const built = new WeakMap<object, Prepared>();
  return (handle) => {
    const client = clientOf(handle);
    let query = built.get(client);
    if (!query) {
      // A transaction's handle builds every query a Db does; it lacks only the pool's own members.
      query = build(handle as Db).prepare('');
      built.set(client, query);
    }
    return query;
  };
}

/** The pool, or the pool's connection a transaction holds: what a prepared query runs on. */
function clientOf(handle: Db | Tx): object {
  return (handle._.session as unknown as { client: object }).client;
}

/**
 * A named value of a prepared query, usable anywhere Drizzle takes SQL (an update's `set`, a raw
 * fragment), where its types refuse a bare `sql.placeholder`. The value reaches the driver as given: a
 * JSON column's value must be serialised by the caller.
 */
export function param(name: string): SQL {
  return sql`${sql.placeholder(name)}`;
}

/**
 * An insert's values as placeholders, one per column, named `<prefix><column>`: the statement is built
 * once and each run gives every column a value (null included), so every run has the same shape.
 */
export function placeholders<Row>(columns: readonly string[], prefix = ''): Row {
  return Object.fromEntries(columns.map((column) => [column, sql.placeholder(prefix + column)])) as Row;
}
