import { describe, expect, it } from 'vitest';
import { groupInsert } from './group-insert';

type Row = { id: string; bad?: boolean };

function recordingInsert() {
  const batches: string[][] = [];
  const insert = async (rows: Row[]) => {
    batches.push(rows.map((r) => r.id));
    if (rows.some((r) => r.bad)) throw new Error('constraint violated');
    return rows.map((r) => ({ id: r.id, stored: true })).reverse();
  };
  return { batches, insert };
}

describe('groupInsert', () => {
  it('writes rows asked for in the same turn with one statement, each caller getting its own row', async () => {
    const { batches, insert } = recordingInsert();
    const write = groupInsert(insert);
    const stored = await Promise.all(['a', 'b', 'c'].map((id) => write({ id })));
    expect(batches).toEqual([['a', 'b', 'c']]);
    expect(stored.map((s) => s.id)).toEqual(['a', 'b', 'c']);
    await write({ id: 'd' });
    expect(batches).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('fails only the bad row when a batch fails', async () => {
    const { insert } = recordingInsert();
    const write = groupInsert(insert);
    const results = await Promise.allSettled([
      write({ id: 'a' }),
      write({ id: 'x', bad: true }),
      write({ id: 'b' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('flushes at the batch limit without waiting for the turn to end', async () => {
    const { batches, insert } = recordingInsert();
    const write = groupInsert(insert, 2);
    await Promise.all(['a', 'b', 'c'].map((id) => write({ id })));
    expect(batches).toEqual([['a', 'b'], ['c']]);
  });
});
