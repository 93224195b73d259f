import { expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

/** lru-cache never expires an entry stored at time 0, so test clocks start later. */
const START = 1_000_000;

/** A loader that counts its calls and answers `value <n>`. */
function counting() {
  let calls = 0;
  const load = async () => `value ${++calls}`;
  return { load, calls: () => calls };
}

it('expires entries, bounds its size, and invalidates by prefix', async () => {
  let now = START;
  const cache = new TtlCache<string>({ ttlMs: 1_000, max: 2, clock: { now: () => now } });
  const { load, calls } = counting();
  await cache.getOrLoad('a:1', load);
  await cache.getOrLoad('a:2', load);
  expect(await cache.getOrLoad('a:1', load)).toBe('value 1');
  await cache.getOrLoad('b:1', load); // a:2 is now the least recently used: it goes
  expect(await cache.getOrLoad('a:1', load)).toBe('value 1');
  expect(await cache.getOrLoad('a:2', load)).toBe('value 4');
  now = START + 1_001;
  expect(await cache.getOrLoad('a:1', load)).toBe('value 5');
  await cache.getOrLoad('b:2', load);
  cache.invalidate('a:');
  expect(await cache.getOrLoad('a:1', load)).toBe('value 7');
  expect(await cache.getOrLoad('b:2', load)).toBe('value 6');
  expect(calls()).toBe(7);
});

it('shares one load between concurrent misses and keeps what it loaded', async () => {
  const cache = new TtlCache<string>({ ttlMs: 1_000 });
  const { load, calls } = counting();
  const answers = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('k', load)));
  expect(answers).toEqual(['value 1', 'value 1', 'value 1']);
  expect(await cache.getOrLoad('k', load)).toBe('value 1');
  expect(calls()).toBe(1);
});

it('keeps null (a store with no such product) but not undefined (nothing to remember)', async () => {
  const cache = new TtlCache<string | null>({ ttlMs: 1_000 });
  let calls = 0;
  await cache.getOrLoad('none', async () => (calls++, null));
  expect(await cache.getOrLoad('none', async () => (calls++, 'found'))).toBeNull();
  const shared = await Promise.all(
    [1, 2].map(() => cache.getOrLoad('unknown', async () => (calls++, undefined))),
  );
  expect(shared).toEqual([undefined, undefined]);
  expect(await cache.getOrLoad('unknown', async () => (calls++, 'now known'))).toBe('now known');
  expect(calls).toBe(3);
});

it('does not keep a failed load, or a load an invalidation overtook', async () => {
  const cache = new TtlCache<string>({ ttlMs: 1_000 });
  await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(await cache.getOrLoad('k', async () => 'after failure')).toBe('after failure');

  let release = (_v: string) => {};
  const stale = cache.getOrLoad('p:k', () => new Promise<string>((resolve) => (release = resolve)));
  cache.invalidate('p:');
  const fresh = cache.getOrLoad('p:k', async () => 'fresh');
  release('stale');
  expect(await stale).toBe('stale');
  expect(await fresh).toBe('fresh');
  expect(await cache.getOrLoad('p:k', async () => 'reloaded')).toBe('fresh');
});

it('evicts entries by value, and loads under way', async () => {
  const cache = new TtlCache<{ owner: string }>({ ttlMs: 1_000 });
  await cache.getOrLoad('a', async () => ({ owner: 'm1' }));
  await cache.getOrLoad('b', async () => ({ owner: 'm2' }));
  let release = (_v: { owner: string }) => {};
  const pending = cache.getOrLoad('c', () => new Promise((resolve) => (release = resolve)));
  cache.evict((v) => v.owner === 'm1');
  release({ owner: 'm1' });
  expect(await pending).toEqual({ owner: 'm1' });
  const again = async () => ({ owner: 'reloaded' });
  expect(await cache.getOrLoad('a', again)).toEqual({ owner: 'reloaded' });
  expect(await cache.getOrLoad('b', again)).toEqual({ owner: 'm2' });
  expect(await cache.getOrLoad('c', again)).toEqual({ owner: 'reloaded' });
});

it('spreads the expiry of entries loaded together when asked to (jitter)', async () => {
  let now = START;
  const cache = new TtlCache<number>({ ttlMs: 1_000, max: 100, jitter: 0.5, clock: { now: () => now } });
  const keys = [...Array(50).keys()];
  await Promise.all(keys.map((i) => cache.getOrLoad(`k${i}`, async () => i)));
  const stillKept = async () => {
    const answers = await Promise.all(keys.map((i) => cache.getOrLoad(`k${i}`, async () => -1)));
    return answers.filter((answer) => answer !== -1).length;
  };
  now = START + 499;
  expect(await stillKept()).toBe(50);
  now = START + 750;
  const alive = await stillKept();
  expect(alive).toBeGreaterThan(0);
  expect(alive).toBeLessThan(50);
});
