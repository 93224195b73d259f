import { PGlite } from '@electric-sql/pglite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EmbeddedSession } from './embedded-session';
import { inProcessPglite } from './in-process-pglite';
import { MAX_PREPARED_PER_CONNECTION, PreparingClient } from './prepared-statements';

describe('statements prepared by name, once per connection', () => {
  let pglite: PGlite;
  const open: PreparingClient[] = [];
  const client = async () => {
    const connection = new PreparingClient({
      stream: inProcessPglite(new EmbeddedSession(pglite)),
      user: 'postgres',
      database: 'postgres',
    });
    await connection.connect();
    open.push(connection);
    return connection;
  };
  const prepared = async () =>
    (
      await pglite.query<{ name: string; statement: string }>(
        'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
      )
    ).rows;

  beforeEach(async () => {
    pglite = await PGlite.create();
    await pglite.exec('CREATE TABLE t (id int PRIMARY KEY, label text)');
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map((c) => c.end().catch(() => undefined)));
    await pglite.close();
  });

  it('prepares a parameterised text once, in each of the shapes node-postgres takes, and reuses it', async () => {
    const connection = await client();
    await connection.query('INSERT INTO t VALUES ($1, $2)', [1, 'a']);
    await connection.query({ text: 'INSERT INTO t VALUES ($1, $2)', values: [2, 'b'] });
    await connection.query({ text: 'INSERT INTO t VALUES ($1, $2)' }, [3, 'c']);
    const { rows } = await connection.query({
      text: 'SELECT label FROM t WHERE id = $1',
      values: [2],
      rowMode: 'array',
    });
    expect(rows).toEqual([['b']]);
    expect((await prepared()).map((p) => p.statement)).toEqual([
      'INSERT INTO t VALUES ($1, $2)',
      'SELECT label FROM t WHERE id = $1',
    ]);
  });

  it('leaves texts without parameters, which may hold several statements, to the simple protocol', async () => {
    const connection = await client();
    await connection.query('INSERT INTO t VALUES (1, null); INSERT INTO t VALUES (2, null)');
    await connection.query({ text: 'SELECT count(*) FROM t' });
    expect(await prepared()).toEqual([]);
  });

  it('keeps a name the caller chose', async () => {
    const connection = await client();
    await connection.query({ name: 'mine', text: 'SELECT $1::int AS n', values: [7] });
    expect((await prepared()).map((p) => p.name)).toEqual(['mine']);
  });

  it('stops preparing new texts at the cap, and still runs them', async () => {
    const connection = await client();
    for (let i = 0; i <= MAX_PREPARED_PER_CONNECTION; i += 1) {
      const { rows } = await connection.query(`SELECT $1::int + ${i} AS n`, [1]);
      expect(rows[0].n).toBe(i + 1);
    }
    expect(await prepared()).toHaveLength(MAX_PREPARED_PER_CONNECTION);
  });

  it("never collides with another connection's names in the embedded engine's one session, and forgets a closed connection's", async () => {
    const first = await client();
    const second = await client();
    await first.query('SELECT label FROM t WHERE id = $1', [1]);
    await second.query('SELECT label FROM t WHERE id = $1', [1]);
    expect(await prepared()).toHaveLength(2);
    await first.end();
    expect(await prepared()).toHaveLength(1);
    await second.query('SELECT label FROM t WHERE id = $1', [1]);
  });

  it('survives a statement that fails to prepare, and deallocates only what exists', async () => {
    const connection = await client();
    await expect(connection.query('SELECT nope FROM t WHERE id = $1', [1])).rejects.toThrow(/nope/);
    await connection.query('SELECT label FROM t WHERE id = $1', [1]);
    await expect(connection.query('SELECT nope FROM t WHERE id = $1', [1])).rejects.toThrow(/nope/);
    await connection.end();
    expect(await prepared()).toEqual([]);
  });
});
