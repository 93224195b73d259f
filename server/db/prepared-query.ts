import type { Db } from './client';

/**
 * A Drizzle query built once per database handle and run with `sql.placeholder` values. Drizzle otherwise
 * rebuilds a query's SQL on every run, walking every column of the table: for the wide rows the agent API
 * reads on every request (the merchant by its key, the offer, the billing account) that cost more CPU
 * than the database spent answering (measured: 450-750 µs of CPU a merchant lookup built each time, 330
 * µs prepared; docs/decisions/061).
 *
 * Only for queries on the app's handle, not in a transaction: a prepared query is bound to the handle it
 * was built on. It is given no name, so the pool's PreparingClient names it per connection (ADR 060).
 */
export function preparedQuery<Prepared>(
  build: (db: Db) => { prepare(name: string): Prepared },
): (db: Db) => Prepared {
  const built = new WeakMap<Db, Prepared>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db).prepare('');
      built.set(db, query);
    }
    return query;
  };
}
