/**
 * Group commit for inserts: rows asked for in the same turn of the event loop are written with one
 * multi-row statement, and each caller still gets its own row back only once it is stored. Under a burst
 * (many agents at once) this replaces N round trips with one; alone, a row waits for nothing but the
 * current turn. If the batch fails, each row is retried on its own, so one bad row fails only its caller.
 */
export function groupInsert<Row extends { id: string }, Stored extends { id: string }>(
  insert: (rows: Row[]) => Promise<Stored[]>,
  maxBatch = 100,
): (row: Row) => Promise<Stored> {
  let pending: { row: Row; resolve: (s: Stored) => void; reject: (e: unknown) => void }[] = [];

  async function flush() {
    const batch = pending;
    pending = [];
    try {
      const stored = new Map((await insert(batch.map((p) => p.row))).map((s) => [s.id, s]));
      for (const p of batch) p.resolve(stored.get(p.row.id)!);
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      for (const p of batch) {
        insert([p.row]).then(([s]) => p.resolve(s!), p.reject);
      }
    }
  }

  return (row) =>
    new Promise<Stored>((resolve, reject) => {
      pending.push({ row, resolve, reject });
      if (pending.length === 1) setImmediate(() => void flush());
      else if (pending.length >= maxBatch) void flush();
    });
}
