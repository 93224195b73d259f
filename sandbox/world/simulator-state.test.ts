import { appendFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withinRequest } from './change-tracker';
import { inMemoryState, loadState, persistedState, type SimulatorState } from './simulator-state';

let dir: string;
let open: SimulatorState[];
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agentcart-world-state-'));
  open = [];
});
afterEach(async () => {
  vi.useRealTimers();
  for (const state of open) await state.flush();
  rmSync(dir, { recursive: true, force: true });
});

/** A persisted state closed (flushed) after the test. */
function opened(file: string) {
  const state = persistedState(file);
  open.push(state);
  return state;
}

const orderBook = () => ({ orders: new Map<number, { id: number; placed: Date }>(), nextId: 1001 });

/** What a store simulator does when an order comes in: the next id, never one given before. */
function placeOrder(book: ReturnType<typeof orderBook>) {
  const order = { id: book.nextId++, placed: new Date('2026-01-02T03:04:05Z') };
  book.orders.set(order.id, order);
  return order;
}

/**
 * What a kill -9 leaves: the files as they are on disk at this instant, copied elsewhere (the process
 * that wrote them goes on, but nothing it does later reaches the copy).
 */
function crashCopy(file: string): string {
  const copy = mkdtempSync(path.join(dir, 'after-crash-'));
  for (const name of readdirSync(path.dirname(file))) {
    if (name.startsWith(path.basename(file, '.state')))
      cpSync(path.join(path.dirname(file), name), path.join(copy, name));
  }
  return path.join(copy, path.basename(file));
}

describe('a persisted simulator state', () => {
  it('gives back after a restart what was changed in place, Maps, Dates and shared objects included', async () => {
    const file = path.join(dir, 'store.state');
    const before = persistedState(file);
    const book = before.keep('book', orderBook);
    const tags = before.keep('tags', () => new Set<string>());
    const order = placeOrder(book);
    before.keep('featured', () => ({ order }));
    tags.add('gift');
    await before.commit();
    await before.flush();

    const after = opened(file);
    const restored = after.keep('book', orderBook);
    expect(restored.nextId).toBe(1002);
    expect(restored.orders.get(1001)).toEqual(order);
    expect(after.keep('tags', () => new Set<string>())).toEqual(new Set(['gift']));
    expect(after.keep('featured', () => ({ order: null as unknown })).order).toEqual(order);
  });

  it('starts fields a simulator added since the save from their initial values', async () => {
    const file = path.join(dir, 'store.state');
    const before = persistedState(file);
    before.keep('counters', () => ({ orders: 5 }));
    await before.flush();

    const after = opened(file);
    expect(after.keep('counters', () => ({ orders: 1, refunds: 1 }))).toEqual({ orders: 5, refunds: 1 });
  });

  it('keeps what it acknowledged through a kill -9 before any snapshot, and never gives an id twice', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }); // no snapshot ever runs: only the journal
    const file = path.join(dir, 'store.state');
    const state = opened(file);
    const book = state.keep('book', orderBook);
    placeOrder(book);
    await state.commit();
    placeOrder(book);
    book.orders.get(1001)!.placed = new Date('2026-02-03T04:05:06Z');
    await state.commit();

    const crashed = crashCopy(file);
    expect(existsSync(crashed)).toBe(false); // no snapshot: the journal alone has the orders
    const restarted = opened(crashed).keep('book', orderBook);
    expect([...restarted.orders.keys()]).toEqual([1001, 1002]);
    expect(restarted.orders.get(1001)!.placed).toEqual(new Date('2026-02-03T04:05:06Z'));
    expect(placeOrder(restarted).id).toBe(1003);
  });

  it('commits a burst of answers together, each once its change is on disk', async () => {
    const file = path.join(dir, 'store.state');
    const state = opened(file);
    const book = state.keep('book', orderBook);
    const answers = Array.from({ length: 50 }, () => {
      placeOrder(book);
      return state.commit();
    });
    await Promise.all(answers);
    expect(loadState(crashCopy(file)).values).toMatchObject({ book: { nextId: 1051 } });
    expect((loadState(crashCopy(file)).values.book as ReturnType<typeof orderBook>).orders.size).toBe(50);
  });

  it('ignores the tail of a write a crash cut short, and appends after it in a journal of its own', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = path.join(dir, 'store.state');
    const state = opened(file);
    placeOrder(state.keep('book', orderBook));
    await state.commit();
    const crashed = crashCopy(file);
    const [journal] = readdirSync(path.dirname(crashed));
    appendFileSync(path.join(path.dirname(crashed), journal!), Buffer.from([200, 0, 0, 0, 1, 2, 3]));

    const restarted = opened(crashed);
    const book = restarted.keep('book', orderBook);
    expect([...book.orders.keys()]).toEqual([1001]);
    placeOrder(book);
    await restarted.commit();
    const again = loadState(crashCopy(crashed)).values.book as ReturnType<typeof orderBook>;
    expect([...again.orders.keys()]).toEqual([1001, 1002]);
  });

  it('folds the journal into a snapshot soon after, and removes the journal the snapshot holds', async () => {
    const file = path.join(dir, 'store.state');
    const state = opened(file);
    placeOrder(state.keep('book', orderBook));
    await state.commit();
    await vi.waitFor(() => expect(readdirSync(dir)).toEqual(['store.state']), { timeout: 10_000 });
    expect((loadState(file).values.book as ReturnType<typeof orderBook>).orders.size).toBe(1);
  });

  it('collects what a request changed after another request collected it (an answer that awaited)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = path.join(dir, 'store.state');
    const state = opened(file);
    const book = state.keep('book', orderBook);
    placeOrder(book);
    await state.commit();
    let resume!: () => void;
    const slow = withinRequest(async () => {
      const order = book.orders.get(1001)!;
      await new Promise<void>((resolve) => (resume = resolve));
      order.placed = new Date('2030-01-01T00:00:00Z'); // through the object it got before the other commit
      await state.commit();
    });
    await withinRequest(() => state.commit()); // another request answers meanwhile
    resume();
    await slow;
    const book2 = loadState(crashCopy(file)).values.book as ReturnType<typeof orderBook>;
    expect(book2.orders.get(1001)!.placed).toEqual(new Date('2030-01-01T00:00:00Z'));
  });

  it('adapts what an earlier version saved, and keeps the adapted value through a crash', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = path.join(dir, 'store.state');
    type Order = { id: number; customerId?: string; customer?: { id: string } };
    const before = persistedState(file);
    before.keep('book', () => ({ orders: new Map<number, Order>([[1, { id: 1, customer: { id: 'c1' } }]]) }));
    await before.flush();

    const state = opened(file);
    const book = state.keep(
      'book',
      () => ({ orders: new Map<number, Order>() }),
      (saved) => {
        for (const order of saved.orders.values()) {
          order.customerId = order.customer!.id;
          delete order.customer;
        }
        return true;
      },
    );
    expect(book.orders.get(1)).toEqual({ id: 1, customerId: 'c1' });
    await state.commit();
    expect(loadState(crashCopy(file)).values.book).toEqual({
      orders: new Map([[1, { id: 1, customerId: 'c1' }]]),
    });
  });

  it('refuses to start from a damaged file, naming it, rather than silently forgetting the world', () => {
    const file = path.join(dir, 'store.state');
    writeFileSync(file, 'not a snapshot');
    expect(() => persistedState(file)).toThrow(/store\.state cannot be read.*delete it/);
  });

  it('writes the seeded objects on flush even when nothing changed, so their random ids stay', async () => {
    const file = path.join(dir, 'store.state');
    persistedState(file).keep('book', orderBook);
    const state = persistedState(file);
    state.keep('book', orderBook);
    await state.flush();
    expect(existsSync(file)).toBe(true);
  });
});

describe('an in-memory simulator state (tests)', () => {
  it('starts from the initial value every time and writes nothing', async () => {
    const state = inMemoryState();
    state.keep('book', orderBook).nextId = 5000;
    await state.commit();
    await state.flush();
    expect(inMemoryState().keep('book', orderBook).nextId).toBe(1001);
    expect(readdirSync(dir)).toEqual([]);
  });
});
