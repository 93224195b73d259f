/**
 * A small in-process cache with a time-to-live and a size bound (oldest entries go first). For data
 * that may be a few seconds stale by design; never for anything money-moving decisions depend on.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; expiresAt: number }>();
  /** Loads under way in getOrLoad, so that concurrent misses for one key share a single load. */
  private readonly loading = new Map<string, Promise<V>>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
    /**
     * Up to this share of the lifetime is taken off each entry at random, so entries loaded together
     * (a burst of agents after a start) do not all expire, and reload, at the same moment.
     */
    private readonly jitter = 0,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    const ttl = this.jitter > 0 ? this.ttlMs * (1 - this.jitter * Math.random()) : this.ttlMs;
    this.entries.set(key, { value, expiresAt: this.now() + ttl });
  }

  /**
   * The cached value, or else the one `load` gives. Many requests for the same key arriving together
   * (a busy merchant) would otherwise all miss and all load it; they share one load instead. A load
   * that fails, whose value `keep` refuses, or that an invalidation overtook is not stored.
   */
  getOrLoad(key: string, load: () => Promise<V>, opts: { keep?: (value: V) => boolean } = {}): Promise<V> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const loaded: Promise<V> = load().then(
      (value) => {
        if (this.loading.get(key) === loaded) {
          this.loading.delete(key);
          if (opts.keep?.(value) ?? true) this.set(key, value);
        }
        return value;
      },
      (err: unknown) => {
        if (this.loading.get(key) === loaded) this.loading.delete(key);
        throw err;
      },
    );
    this.loading.set(key, loaded);
    return loaded;
  }

  /** Drops every entry whose key starts with `prefix` (e.g. one merchant's store). */
  invalidate(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.loading.keys()) if (key.startsWith(prefix)) this.loading.delete(key);
  }

  /**
   * Drops every entry whose value matches, and every load under way (its value is not known yet, and
   * it may have read what the caller has just changed).
   */
  evict(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.entries.delete(key);
    this.loading.clear();
  }
}
