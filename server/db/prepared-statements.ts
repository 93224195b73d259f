import pg from 'pg';

/**
 * At most this many statements are prepared on one connection; later new texts run unnamed. The app has a
 * few hundred distinct hot statements; texts that vary (an IN list's length) must not grow a connection's
 * plan cache without end.
 */
export const MAX_PREPARED_PER_CONNECTION = 500;

let clientsMade = 0;

/**
 * A node-postgres client that runs every parameterised statement as a named prepared statement, so that
 * PostgreSQL parses and analyses each text once per connection and, once its plan cache judges a generic
 * plan good enough (after five runs), stops planning it too. Measured on the embedded engine: an insert
 * and a select by key cost 356-436 µs of CPU each unnamed, 189-225 µs named; pg-boss's job fetch, planned
 * over every queue's partition, cost 5 ms a run (docs/decisions/060).
 *
 * Names are unique in this process (`p<client>_<n>`), so connections that share the embedded engine's one
 * session never collide; the in-process connection deallocates its own when it closes. Texts without
 * parameters keep the simple protocol: they may hold several statements, which a prepared one cannot.
 */
export class PreparingClient extends pg.Client {
  private readonly prefix = `p${(clientsMade++).toString(36)}_`;
  private readonly names = new Map<string, string>();

  // node-postgres's overloads, narrowed to the two shapes that carry parameters; the rest pass through.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [first, second, third] = args as [unknown, unknown, unknown];
    if (typeof first === 'string' && isNonEmptyArray(second)) {
      const name = this.nameFor(first);
      if (name) return super.query({ text: first, values: second, name }, third as never);
    } else if (isUnnamedTextConfig(first)) {
      const values = isNonEmptyArray(first.values) ? first.values : isNonEmptyArray(second) ? second : null;
      const name = values && this.nameFor(first.text);
      if (name)
        return super.query(
          { ...first, values, name },
          (typeof second === 'function' ? second : third) as never,
        );
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }

  private nameFor(text: string): string | undefined {
    let name = this.names.get(text);
    if (!name && this.names.size < MAX_PREPARED_PER_CONNECTION) {
      name = `${this.prefix}${this.names.size.toString(36)}`;
      this.names.set(text, name);
    }
    return name;
  }
}

function isNonEmptyArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0;
}

function isUnnamedTextConfig(value: unknown): value is pg.QueryConfig & { text: string } {
  if (!value || typeof value !== 'object') return false;
  const config = value as Partial<pg.QueryConfig> & { submit?: unknown };
  return typeof config.text === 'string' && !config.name && typeof config.submit !== 'function';
}
