import type { TestApp } from './create-test-app';

export interface SentStatement {
  text: string;
  values: unknown[];
}

/**
 * The SQL statements the app sends through its pool while `run` runs (Drizzle's queries outside a
 * transaction), with their parameters, so a test can count the reads one request makes.
 */
export async function statementsDuring(t: TestApp, run: () => Promise<unknown>): Promise<SentStatement[]> {
  const pool = t.database.pool as unknown as { query: (...args: unknown[]) => unknown };
  const query = pool.query;
  const seen: SentStatement[] = [];
  pool.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string; values?: unknown[] };
    const values = (typeof first === 'string' ? undefined : first.values) ?? (args[1] as unknown[]);
    seen.push({ text: typeof first === 'string' ? first : first.text, values: values ?? [] });
    return query.apply(pool, args);
  };
  try {
    await run();
  } finally {
    pool.query = query;
  }
  return seen;
}
