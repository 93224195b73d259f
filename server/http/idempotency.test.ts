import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, hashRequest } from './idempotency';

/** The same JSON value with every object's keys in reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .reverse()
        .map(([k, v]) => [k, reversedKeys(v)]),
    );
  }
  return value;
}

describe('request hashing for idempotency keys', () => {
  it('writes JSON that reads back as the same value, whatever the order of its keys', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value);
        expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(value)));
        expect(canonicalJson(reversedKeys(value))).toBe(text);
      }),
      { seed: 13, numRuns: 300 },
    );
  });

  it('sorts object keys at every level', () => {
    expect(canonicalJson({ b: [{ d: 1, c: null }], a: 'x' })).toBe('{"a":"x","b":[{"c":null,"d":1}]}');
  });

  it('hashes a body nested far deeper than the call stack allows recursion', () => {
    const depth = 200_000;
    const deep = JSON.parse(`${'{"a":['.repeat(depth)}1${']}'.repeat(depth)}`);
    expect(hashRequest(deep)).toMatch(/^[0-9a-f]{64}$/);
  });
});
