import { expect, it } from 'vitest';
import { TtlCache } from './ttl-cache';

it('expires entries, bounds its size, and invalidates by prefix', () => {
  let now = 0;
  const cache = new TtlCache<number>(1_000, 2, () => now);
  cache.set('a:1', 1);
  cache.set('a:2', 2);
  expect(cache.get('a:1')).toBe(1);
  cache.set('b:1', 3);
  expect(cache.get('a:1')).toBeUndefined();
  expect(cache.get('a:2')).toBe(2);
  now = 1_000;
  expect(cache.get('a:2')).toBeUndefined();
  cache.set('a:3', 4);
  cache.set('b:2', 5);
  cache.invalidate('a:');
  expect(cache.get('a:3')).toBeUndefined();
  expect(cache.get('b:2')).toBe(5);
});

it('shares one load between concurrent misses and keeps what it loaded', async () => {
  const cache = new TtlCache<string>(1_000);
  let loads = 0;
  const load = async () => `value ${++loads}`;
  const answers = await Promise.all([1, 2, 3].map(() => cache.getOrLoad('k', load)));
  expect(answers).toEqual(['value 1', 'value 1', 'value 1']);
  expect(await cache.getOrLoad('k', load)).toBe('value 1');
  expect(loads).toBe(1);
});

it('does not keep a failed load, a refused value, or a load an invalidation overtook', async () => {
  const cache = new TtlCache<string | null>(1_000);
  await expect(cache.getOrLoad('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
  expect(cache.get('k')).toBeUndefined();

  await cache.getOrLoad('k', async () => null, { keep: (v) => v !== null });
  expect(cache.get('k')).toBeUndefined();

  let release = (_v: string) => {};
  const stale = cache.getOrLoad('k', () => new Promise<string>((resolve) => (release = resolve)));
  cache.invalidate('k');
  const fresh = cache.getOrLoad('k', async () => 'fresh');
  release('stale');
  expect(await stale).toBe('stale');
  expect(await fresh).toBe('fresh');
  expect(cache.get('k')).toBe('fresh');
});

it('evicts entries by value, and loads under way', async () => {
  const cache = new TtlCache<{ owner: string }>(1_000);
  cache.set('a', { owner: 'm1' });
  cache.set('b', { owner: 'm2' });
  let release = (_v: { owner: string }) => {};
  const pending = cache.getOrLoad('c', () => new Promise((resolve) => (release = resolve)));
  cache.evict((v) => v.owner === 'm1');
  release({ owner: 'm1' });
  await pending;
  expect(cache.get('a')).toBeUndefined();
  expect(cache.get('b')).toEqual({ owner: 'm2' });
  expect(cache.get('c')).toBeUndefined();
});

it('spreads the expiry of entries loaded together when asked to (jitter)', () => {
  let now = 0;
  const cache = new TtlCache<number>(1_000, 100, () => now, 0.5);
  for (let i = 0; i < 50; i++) cache.set(`k${i}`, i);
  now = 499;
  expect([...Array(50).keys()].every((i) => cache.get(`k${i}`) === i)).toBe(true);
  now = 750;
  const alive = [...Array(50).keys()].filter((i) => cache.get(`k${i}`) !== undefined).length;
  expect(alive).toBeGreaterThan(0);
  expect(alive).toBeLessThan(50);
  now = 1_000;
  expect(cache.get('k0')).toBeUndefined();
});
