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
