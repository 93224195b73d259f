import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTUALLY_MS } from '../../../test/eventually';
import { inMemoryState, persistedState } from './simulator-state';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'agentcart-world-state-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const orderBook = () => ({ orders: new Map<number, { id: number; placed: Date }>(), nextId: 1001 });

describe('a persisted simulator state', () => {
  it('gives back after a restart what was changed in place, Maps, Dates and shared objects included', async () => {
    const file = path.join(dir, 'store.state');
    const before = persistedState(file);
    const book = before.keep('book', orderBook);
    const tags = before.keep('tags', () => new Set<string>());
    const placed = new Date('2026-01-02T03:04:05Z');
    const order = { id: book.nextId++, placed };
    book.orders.set(order.id, order);
    before.keep('featured', () => ({ order }));
    tags.add('gift');
    before.changed();
    await before.flush();

    const after = persistedState(file);
    const restored = after.keep('book', orderBook);
    expect(restored.nextId).toBe(1002);
    expect(restored.orders.get(1001)).toEqual({ id: 1001, placed });
    expect(after.keep('tags', () => new Set<string>())).toEqual(new Set(['gift']));
    expect(after.keep('featured', () => ({ order: null as unknown })).order).toEqual(order);
  });

  it('starts fields a simulator added since the save from their initial values', async () => {
    const file = path.join(dir, 'store.state');
    const before = persistedState(file);
    before.keep('counters', () => ({ orders: 5 }));
    await before.flush();

    const after = persistedState(file);
    expect(after.keep('counters', () => ({ orders: 1, refunds: 1 }))).toEqual({ orders: 5, refunds: 1 });
  });

  it('saves soon after a change, in one write for a burst, and never leaves a half-written file', async () => {
    const file = path.join(dir, 'store.state');
    const state = persistedState(file);
    const book = state.keep('book', orderBook);
    for (let i = 0; i < 50; i += 1) {
      book.orders.set(book.nextId, { id: book.nextId++, placed: new Date() });
      state.changed();
    }
    await vi.waitFor(() => expect(persistedState(file).keep('book', orderBook).orders.size).toBe(50), {
      timeout: EVENTUALLY_MS,
    });
    expect(readdirSync(dir)).toEqual(['store.state']);
    await state.flush();
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
    state.changed();
    await state.flush();
    expect(inMemoryState().keep('book', orderBook).nextId).toBe(1001);
    expect(readdirSync(dir)).toEqual([]);
  });
});
