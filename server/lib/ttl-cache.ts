import { LRUCache } from 'lru-cache';

/** lru-cache stores no null or undefined, so every value travels boxed (a store's "no such product" is kept). */
type Box<V> = { value: V | undefined };
type Load<V> = () => Promise<V | undefined>;

export interface TtlCacheOptions {
  ttlMs: number;
  /** Least recently used entries go first past this many. */
  max?: number;
  /**
   * Up to this share of the lifetime is taken off each entry at random, so entries loaded together
   * (a burst of agents after a start) do not all expire, and reload, at the same moment.
   */
  jitter?: number;
  /** Tests only: a clock to expire entries by. */
  clock?: { now(): number };
}

/**
 * An in-process cache with a time-to-live and a size bound, on lru-cache: concurrent misses for a key
 * share one load (lru-cache `fetch`). For data that may be a few seconds stale by design; never for
 * anything money-moving decisions depend on. A load that fails, gives `undefined` (nothing to keep), or
 * that an invalidation overtook is not stored; the callers waiting on it still get its answer.
 */
export class TtlCache<V> {
  private readonly cache: LRUCache<string, Box<V>, Load<V>>;
  /** Keys being loaded, and by how many loads: lru-cache's iterators skip them, invalidations must not. */
  private readonly loading = new Map<string, number>();

  constructor(private readonly options: TtlCacheOptions) {
    this.cache = new LRUCache<string, Box<V>, Load<V>>({
      max: options.max ?? 10_000,
      ttl: options.ttlMs,
      ...(options.clock ? { perf: options.clock, ttlResolution: 0 } : {}),
      // An invalidated load still answers those waiting on it; lru-cache then leaves it out of the cache.
      ignoreFetchAbort: true,
      fetchMethod: async (key, _stale, { context: load }) => {
        this.loading.set(key, (this.loading.get(key) ?? 0) + 1);
        try {
          return { value: await load() };
        } finally {
          const left = this.loading.get(key)! - 1;
          if (left > 0) this.loading.set(key, left);
          else this.loading.delete(key);
        }
      },
    });
  }

  /** The cached value, or else the one `load` gives (shared by every caller asking meanwhile). */
  getOrLoad(key: string, load: () => Promise<V>): Promise<V>;
  getOrLoad(key: string, load: Load<V>): Promise<V | undefined>;
  async getOrLoad(key: string, load: Load<V>): Promise<V | undefined> {
    const box = await this.cache.fetch(key, { context: load, ttl: this.lifetime() });
    // A box is never undefined (see fetchMethod); one that holds nothing is not kept past its answer.
    if (box!.value === undefined && this.cache.peek(key) === box) this.cache.delete(key);
    return box!.value;
  }

  /** Drops every entry, and every load under way, whose key starts with `prefix` (one merchant's store). */
  invalidate(prefix: string): void {
    for (const key of [...this.cache.keys(), ...this.loading.keys()]) {
      if (key.startsWith(prefix)) this.cache.delete(key);
    }
  }

  /**
   * Drops every entry whose value matches, and every load under way (its value is not known yet, and
   * it may have read what the caller has just changed).
   */
  evict(matches: (value: V) => boolean): void {
    for (const [key, box] of this.cache.entries()) {
      if (box.value !== undefined && matches(box.value)) this.cache.delete(key);
    }
    for (const key of this.loading.keys()) this.cache.delete(key);
  }

  private lifetime() {
    const { ttlMs, jitter = 0 } = this.options;
    return jitter > 0 ? ttlMs * (1 - jitter * Math.random()) : ttlMs;
  }
}
