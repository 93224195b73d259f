import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import v8 from 'node:v8';

/**
 * Which parts of a simulator's kept state changed, without every mutation site saying so: the
 * simulators keep mutating their objects in place, through views that note what they touch.
 *
 * The state is a tree of containers (the kept values themselves, their Maps, arrays and fields, and
 * records that hold Maps, such as a store with its orders) whose children are units: an order in a
 * Map, a field's value, an array element. A container handed to a simulator is a Proxy that notes each
 * unit it hands out or changes; a unit that is an object is handed out as is (it may be changed in place,
 * so handing it out counts as touching it). `collectChanges` serializes each touched unit and returns
 * those whose bytes differ from what was last collected, so a request costs what it touched, not what
 * the simulator holds.
 *
 * A unit is written on its own, so an object must not be shared between two units (a record refers to
 * another by id, as the provider's API does): shared, it would come back from the journal as two copies.
 *
 * A request may keep changing a unit after another request's commit collected it (its handler awaited
 * something in between), so each request also remembers what it touched, and its own commit collects
 * that again (`withinRequest`).
 */

/** A property name (arrays and objects) or a Map key. */
export type Step = string | number;

export interface UnitChange {
  path: Step[];
  /** The unit's V8-serialized value; absent when the unit was removed. */
  value?: Buffer;
}

/** Marks a removed unit in applyChange. */
export const REMOVED: unique symbol = Symbol('removed');

type Kind = 'map' | 'set' | 'array' | 'object';
/** How a value is reached: as a field of an object, as a Map entry, or as an array element. */
type Via = 'field' | 'entry' | 'element';

interface Container {
  /** The tracker it belongs to (a request's scope is shared by every simulator it reaches). */
  owner: symbol;
  kind: Kind;
  target: object;
  proxy: object;
  parent: Container | null;
  step: Step;
  /** Units touched since the last collection. */
  touched: Set<Step>;
  /** A digest of each unit as last collected (GONE once removed), valid for one epoch. */
  written: Map<Step, string>;
  epoch: number;
}

const GONE = '';

/** What the current request touched, per container. */
type RequestScope = Map<Container, Set<Step>>;
const requestScopes = new AsyncLocalStorage<RequestScope>();

/** Runs `handle` (a request's handling) so that its commit also collects every unit it touched. */
export function withinRequest<T>(handle: () => T): T {
  return requestScopes.run(new Map(), handle);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/**
 * Maps, Sets, the fields of kept objects (and arrays held in fields) are containers; so is a Map entry
 * that holds Maps of its own. Everything else is a unit written whole: an order, a PaymentIntent record,
 * an array element. Array elements are never containers: their index moves when the array is spliced.
 */
function containerKind(value: object, via: Via): Kind | null {
  if (via === 'element') return null;
  if (value instanceof Map) return 'map';
  if (value instanceof Set) return 'set';
  if (via === 'field') {
    if (Array.isArray(value)) return 'array';
    return isPlainObject(value) ? 'object' : null;
  }
  return isPlainObject(value) && Object.values(value).some((v) => v instanceof Map) ? 'object' : null;
}

const validStep = (key: unknown): key is Step => typeof key === 'string' || typeof key === 'number';

function childOf(container: object, step: Step): unknown {
  return container instanceof Map ? container.get(step) : (container as Record<Step, unknown>)[step];
}

function hasChild(container: object, step: Step): boolean {
  return container instanceof Map ? container.has(step) : Object.hasOwn(container, step);
}

/** Sets (or with REMOVED, deletes) the unit at `path` in `values`; false when its container is missing. */
export function applyChange(values: Record<string, unknown>, path: Step[], value: unknown): boolean {
  let container: unknown = values;
  for (const step of path.slice(0, -1)) {
    if (typeof container !== 'object' || container === null) return false;
    container = childOf(container, step);
  }
  if (typeof container !== 'object' || container === null) return false;
  const last = path[path.length - 1]!;
  if (container instanceof Map) {
    if (value === REMOVED) container.delete(last);
    else container.set(last, value);
  } else if (value === REMOVED) {
    delete (container as Record<Step, unknown>)[last];
  } else {
    (container as Record<Step, unknown>)[last] = value;
  }
  return true;
}

export interface ChangeTracker {
  /** The view of `values[key]` a simulator mutates (a Proxy when it is a container). */
  view<T>(key: string): T;
  /** `values[key]` changed as a whole (created, or reshaped by a newer simulator). */
  touchKept(key: string): void;
  /** The touched units that differ from what was last collected, serialized. */
  collectChanges(): UnitChange[];
  /** Forget what was collected (after a snapshot): the next touch of each unit is collected again. */
  forgetCollected(): void;
}

export function trackChanges(values: Record<string, unknown>): ChangeTracker {
  const owner = Symbol('tracker');
  let epoch = 0;
  const top: Container = {
    owner,
    kind: 'object',
    target: values,
    proxy: values,
    parent: null,
    step: '',
    touched: new Set(),
    written: new Map(),
    epoch,
  };
  const containers = new WeakMap<object, Container>();
  const rawOf = new WeakMap<object, object>();
  const dirty = new Set<Container>();

  function touch(container: Container, step: unknown) {
    if (container.kind === 'set' || !validStep(step)) {
      // A Set, or a Map keyed by something a path cannot name: the whole collection is the unit.
      if (container.parent) touch(container.parent, container.step);
      return;
    }
    container.touched.add(step);
    dirty.add(container);
    const scope = requestScopes.getStore();
    if (scope) {
      const steps = scope.get(container) ?? new Set<Step>();
      steps.add(step);
      scope.set(container, steps);
    }
  }

  const unwrap = (value: unknown): unknown =>
    typeof value === 'object' && value !== null ? (rawOf.get(value) ?? value) : value;

  /** What a simulator gets for a child: a primitive, a unit (touched), or a container's view. */
  function view(parent: Container, step: unknown, value: unknown, via: Via): unknown {
    if (typeof value !== 'object' || value === null) return value;
    const kind = containerKind(value, via);
    if (!kind) {
      touch(parent, step);
      return value;
    }
    const existing = containers.get(value);
    if (existing) return existing.proxy;
    const container: Container = {
      owner,
      kind,
      target: value,
      proxy: value,
      parent,
      step: validStep(step) ? step : '',
      touched: new Set(),
      written: new Map(),
      epoch,
    };
    container.proxy =
      kind === 'map' ? mapView(container) : kind === 'set' ? setView(container) : objectView(container);
    containers.set(value, container);
    rawOf.set(container.proxy, value);
    return container.proxy;
  }

  /** Stores `value` as a child; a container put back where it already is changes nothing by itself. */
  function store(
    container: Container,
    step: unknown,
    value: unknown,
    via: Via,
    write: (raw: unknown) => void,
  ) {
    const raw = unwrap(value);
    const previous = container.target instanceof Map ? container.target.get(step) : undefined;
    const same =
      container.target instanceof Map
        ? previous === raw && container.target.has(step)
        : validStep(step) && Object.hasOwn(container.target, step) && childOf(container.target, step) === raw;
    write(raw);
    const child = typeof raw === 'object' && raw !== null ? containers.get(raw) : undefined;
    if (child) {
      // A container moved here: its own changes are now under this path.
      child.parent = container;
      child.step = validStep(step) ? step : '';
    }
    if (!(same && typeof raw === 'object' && raw !== null && containerKind(raw, via))) touch(container, step);
  }

  function mapView(container: Container): object {
    const map = container.target as Map<unknown, unknown>;
    const child = (key: unknown, value: unknown) => view(container, key, value, 'entry');
    const methods: Record<string | symbol, unknown> = {
      get: (key: unknown) => child(key, map.get(key)),
      set(key: unknown, value: unknown) {
        store(container, key, value, 'entry', (raw) => map.set(key, raw));
        return container.proxy;
      },
      delete(key: unknown) {
        if (map.has(key)) touch(container, key);
        return map.delete(key);
      },
      clear() {
        for (const key of map.keys()) touch(container, key);
        map.clear();
      },
      *entries() {
        for (const [key, value] of map) yield [key, child(key, value)];
      },
      *values() {
        for (const [key, value] of map) yield child(key, value);
      },
      forEach(callback: (value: unknown, key: unknown, map: unknown) => void, thisArg?: unknown) {
        for (const [key, value] of map) callback.call(thisArg, child(key, value), key, container.proxy);
      },
      [Symbol.iterator]: () => (methods.entries as () => Iterator<unknown>)(),
    };
    return new Proxy(map, {
      get(target, prop) {
        if (Object.hasOwn(methods, prop)) return methods[prop];
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' && prop !== 'constructor' ? value.bind(target) : value;
      },
    });
  }

  function setView(container: Container): object {
    const set = container.target as Set<unknown>;
    const methods: Record<string, unknown> = {
      add(value: unknown) {
        const raw = unwrap(value);
        if (!set.has(raw)) touch(container, raw);
        set.add(raw);
        return container.proxy;
      },
      delete(value: unknown) {
        if (set.has(value)) touch(container, value);
        return set.delete(value);
      },
      clear() {
        if (set.size > 0) touch(container, null);
        set.clear();
      },
    };
    return new Proxy(set, {
      get(target, prop) {
        if (Object.hasOwn(methods, prop)) return methods[prop as string];
        const value: unknown = Reflect.get(target, prop, target);
        return typeof value === 'function' && prop !== 'constructor' ? value.bind(target) : value;
      },
    });
  }

  function objectView(container: Container): object {
    const target = container.target as Record<string, unknown>;
    const via: Via = container.kind === 'array' ? 'element' : 'field';
    return new Proxy(target, {
      get(object, prop, receiver) {
        // Prototype methods (push, filter, ...) run on the view, so their reads and writes are seen.
        if (typeof prop === 'symbol' || !Object.hasOwn(object, prop))
          return Reflect.get(object, prop, receiver);
        if (prop === 'length' && container.kind === 'array') return object.length;
        return view(container, prop, object[prop], via);
      },
      set(object, prop, value) {
        if (typeof prop === 'symbol') return Reflect.set(object, prop, value);
        if (prop === 'length' && container.kind === 'array') {
          // Elements cut off are gone: an element later stored at their index is a change again.
          const length = (object as unknown as unknown[]).length;
          for (let i = Number(value); i < length; i += 1) touch(container, String(i));
        }
        store(container, prop, value, via, (raw) => {
          object[prop] = raw;
        });
        return true;
      },
      deleteProperty(object, prop) {
        if (typeof prop !== 'symbol' && Object.hasOwn(object, prop)) touch(container, prop);
        return Reflect.deleteProperty(object, prop);
      },
      defineProperty(object, prop, descriptor) {
        if (typeof prop !== 'symbol') touch(container, prop);
        return Reflect.defineProperty(object, prop, descriptor);
      },
    });
  }

  /** Still where its path says (a container replaced or removed since is skipped: its parent's unit has it). */
  function attached(container: Container): boolean {
    for (let c = container; c.parent; c = c.parent) {
      if (childOf(c.parent.target, c.step) !== c.target) return false;
    }
    return true;
  }

  function pathOf(container: Container): Step[] {
    const path: Step[] = [];
    for (let c = container; c.parent; c = c.parent) path.unshift(c.step);
    return path;
  }

  function serialize(path: Step[], value: unknown): Buffer {
    try {
      return v8.serialize(value);
    } catch (err) {
      throw new Error(
        `The sandbox world cannot save ${path.join('/')}: ${(err as Error).message}. Simulator state must be plain data.`,
        { cause: err },
      );
    }
  }

  return {
    view: <T>(key: string) => view(top, key, values[key], 'field') as T,
    touchKept: (key) => touch(top, key),
    collectChanges() {
      for (const [container, steps] of requestScopes.getStore() ?? []) {
        if (container.owner !== owner) continue;
        for (const step of steps) container.touched.add(step);
        dirty.add(container);
      }
      const changes: UnitChange[] = [];
      for (const container of dirty) {
        const steps = [...container.touched];
        container.touched.clear();
        if (container.epoch !== epoch) {
          container.written.clear();
          container.epoch = epoch;
        }
        if (!attached(container)) continue;
        const base = pathOf(container);
        const written = changes.length;
        for (const step of steps) {
          const path = [...base, step];
          if (!hasChild(container.target, step)) {
            if (container.written.get(step) !== GONE) changes.push({ path });
            container.written.set(step, GONE);
            continue;
          }
          const value = serialize(path, childOf(container.target, step));
          const digest = createHash('sha1').update(value).digest('base64');
          if (container.written.get(step) === digest) continue;
          container.written.set(step, digest);
          changes.push({ path, value });
        }
        if (changes.length > written) {
          // What was collected for an enclosing unit (a whole store, say) no longer describes it.
          for (let c = container; c.parent; c = c.parent) c.parent.written.delete(c.step);
        }
      }
      dirty.clear();
      return changes;
    },
    forgetCollected() {
      epoch += 1;
    },
  };
}
