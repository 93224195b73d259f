import { isDeepStrictEqual } from 'node:util';
import v8 from 'node:v8';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyChange, REMOVED, trackChanges, type UnitChange } from './change-tracker';

interface Order {
  id: number;
  status: string;
  lines: { sku: string; quantity: number }[];
}
interface Store {
  name: string;
  orders: Map<number, Order>;
  products: { sku: string; stock: number }[];
  nextOrderId: number;
}

/** A simulator's kept values shaped like the real ones: counters, Maps of records, stores of Maps, a Set, a log. */
const world = () => ({
  shop: {
    orders: new Map<number, Order>(),
    nextId: 1,
    tags: new Set<string>(),
    log: [] as string[],
    stores: new Map<string, Store>(),
  },
});
const freshStore = (name: string): Store => ({
  name,
  orders: new Map(),
  products: [
    { sku: 'A', stock: 5 },
    { sku: 'B', stock: 0 },
  ],
  nextOrderId: 1001,
});

type Shop = ReturnType<typeof world>['shop'];
const STORE_NAMES = ['alpine', 'demo', 'north'];
const pick = <T>(items: T[], index: number): T | undefined =>
  items.length ? items[index % items.length] : undefined;

/** What a simulator might do to its state in one step, through the views (index: which item it picks). */
const operations: ((shop: Shop, index: number, text: string) => void)[] = [
  (shop) => {
    const id = shop.nextId++;
    shop.orders.set(id, { id, status: 'new', lines: [] });
  },
  (shop, i, text) => {
    const order = shop.orders.get(pick([...shop.orders.keys()], i)!);
    if (order) order.status = text;
  },
  (shop, i) => shop.orders.get(pick([...shop.orders.keys()], i)!)?.lines.push({ sku: 'A', quantity: i }),
  (shop, i) => shop.orders.delete(pick([...shop.orders.keys()], i)!),
  (shop, _i, text) => {
    for (const [, order] of shop.orders) if (order.status === 'new') order.status = `seen ${text}`;
  },
  (shop, i, text) => (i % 2 ? shop.tags.add(text) : shop.tags.delete(pick([...shop.tags], i)!)),
  (shop, _i, text) => shop.log.push(text),
  (shop, i) => shop.log.splice(i % (shop.log.length + 1), 1),
  (shop, i) => {
    shop.log.length = Math.min(shop.log.length, i % 3);
  },
  (shop, i, text) => {
    if (shop.log.length) shop.log[i % shop.log.length] = text;
  },
  (shop, i) => {
    const name = pick(STORE_NAMES, i)!;
    if (!shop.stores.has(name)) shop.stores.set(name, freshStore(name));
  },
  (shop, i) => {
    const store = shop.stores.get(pick(STORE_NAMES, i)!);
    if (!store) return;
    const id = store.nextOrderId++;
    store.orders.set(id, { id, status: 'processing', lines: [{ sku: 'A', quantity: 1 }] });
    store.products.find((p) => p.sku === 'A')!.stock -= 1;
  },
  (shop, i) => {
    const store = shop.stores.get(pick(STORE_NAMES, i)!);
    if (store) store.products[i % store.products.length]!.stock = i;
  },
  // A reset: a fresh store in place of one whose parts changed since it was first written.
  (shop, i) => {
    const name = pick(STORE_NAMES, i)!;
    if (shop.stores.has(name)) shop.stores.set(name, freshStore(name));
  },
  (shop, i) => shop.stores.delete(pick(STORE_NAMES, i)!),
  // A store moved to another name, then changed there.
  (shop, i) => {
    const [from, to] = [pick(STORE_NAMES, i)!, pick(STORE_NAMES, i + 1)!];
    const store = shop.stores.get(from);
    if (!store || shop.stores.has(to)) return;
    shop.stores.delete(from);
    shop.stores.set(to, store);
    store.name = to;
    store.products[0]!.stock += 1;
  },
  (shop) => shop.stores.forEach((store) => store.products.sort((a, b) => b.stock - a.stock)),
];

function replay(shadow: Record<string, unknown>, changes: UnitChange[]) {
  for (const change of changes) {
    applyChange(shadow, change.path, change.value ? v8.deserialize(change.value) : REMOVED);
  }
}

describe('tracking a simulator state’s changes', () => {
  it('collects enough that replaying every collection rebuilds the state, whatever the simulator did', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            {
              weight: 3,
              arbitrary: fc.record({
                op: fc.integer({ min: 0, max: operations.length - 1 }),
                index: fc.integer({ min: 0, max: 20 }),
                text: fc.constantFrom('a', 'b', 'c'),
              }),
            },
            { weight: 1, arbitrary: fc.constant('commit' as const) },
          ),
          { minLength: 10, maxLength: 80 },
        ),
        (steps) => {
          const values: Record<string, unknown> = world();
          const shadow = structuredClone(values);
          const tracker = trackChanges(values);
          const shop = tracker.view<Shop>('shop');
          for (const step of [...steps, 'commit' as const]) {
            if (step === 'commit') {
              replay(shadow, tracker.collectChanges());
              expect(isDeepStrictEqual(shadow, values)).toBe(true);
            } else {
              operations[step.op]!(shop, step.index, step.text);
            }
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('collects an element again when an array cut short grows back to the same value', () => {
    const values: Record<string, unknown> = world();
    const shadow = structuredClone(values);
    const tracker = trackChanges(values);
    const shop = tracker.view<Shop>('shop');
    for (const step of [() => shop.log.push('a'), () => (shop.log.length = 0), () => shop.log.push('a')]) {
      step();
      replay(shadow, tracker.collectChanges());
    }
    expect(shadow).toEqual(values);
  });

  it('collects a unit that was only read once, then not again until it changes', () => {
    const values: Record<string, unknown> = world();
    const tracker = trackChanges(values);
    const shop = tracker.view<Shop>('shop');
    shop.orders.set(1, { id: 1, status: 'new', lines: [] });
    expect(tracker.collectChanges().map((c) => c.path)).toEqual([['shop', 'orders', 1]]);
    expect(shop.orders.get(1)!.status).toBe('new');
    expect(tracker.collectChanges()).toEqual([]);
    shop.orders.get(1)!.status = 'paid';
    expect(tracker.collectChanges().map((c) => c.path)).toEqual([['shop', 'orders', 1]]);
    tracker.forgetCollected();
    shop.orders.get(1);
    expect(tracker.collectChanges()).toHaveLength(1);
  });

  it('costs a point change what it touched, not what the collection holds', () => {
    const values: Record<string, unknown> = world();
    const tracker = trackChanges(values);
    const shop = tracker.view<Shop>('shop');
    for (let id = 1; id <= 1000; id += 1) shop.orders.set(id, { id, status: 'new', lines: [] });
    tracker.collectChanges();
    shop.orders.get(500)!.status = 'paid';
    shop.nextId = 1001;
    expect(tracker.collectChanges().map((c) => c.path)).toEqual([
      ['shop', 'orders', 500],
      ['shop', 'nextId'],
    ]);
  });

  it('hands out views that answer like the objects they wrap', () => {
    const values: Record<string, unknown> = world();
    const shop = trackChanges(values).view<Shop>('shop');
    shop.orders.set(1, { id: 1, status: 'new', lines: [] });
    shop.log.push('a', 'b');
    expect(shop.orders).toBeInstanceOf(Map);
    expect(shop.orders.constructor).toBe(Map);
    expect(shop.orders.size).toBe(1);
    expect(Array.isArray(shop.log)).toBe(true);
    expect([...shop.log]).toEqual(['a', 'b']);
    expect(JSON.stringify(shop)).toBe(JSON.stringify(values.shop));
    expect(shop.stores.set('x', freshStore('x'))).toBe(shop.stores);
    expect(shop.stores.get('x')).toBe(shop.stores.get('x'));
    // What is stored is the plain object, never a view: the state stays serializable.
    shop.stores.set('x', shop.stores.get('x')!);
    expect(() => v8.serialize(values)).not.toThrow();
  });

  it('names the unit that holds something a snapshot cannot keep', () => {
    const values: Record<string, unknown> = world();
    const tracker = trackChanges(values);
    const shop = tracker.view<Shop>('shop');
    shop.orders.set(7, { id: 7, status: 'new', lines: [], callback: () => 1 } as Order);
    expect(() => tracker.collectChanges()).toThrow(/cannot save shop\/orders\/7.*plain data/);
  });
});
