import { describe, expect, it } from 'vitest';
import { findNul } from './nul-bytes.js';
import { MAX_BODY_DEPTH, nestsDeeperThan } from './json-depth.js';

// The NUL scan walks any value without recursion, and request bodies are
// depth-checked before anything walks them.

const nested = (levels: number, leaf: unknown) => {
  let value: unknown = leaf;
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

describe('findNul', () => {
  it('names the first string holding a NUL, depth first and in order, keys included', () => {
    expect(findNul({ config: { fields: [{ label: 'ok' }, { label: 'b\0d' }] } })).toBe('config.fields.1.label');
    expect(findNul({ a: { x: 'ok' }, b: 'n\0l', c: 'n\0l too' })).toBe('b');
    expect(findNul({ a: 'ok', 'k\0y': 'ok', z: 'n\0l' })).toBe('_');
    expect(findNul({ a: { 'k\0y': 1 } })).toBe('a._');
    expect(findNul('\0')).toBe('_');
    expect(findNul({ a: ['ok', 1, null, true] })).toBeNull();
  });

  it('walks a value nested 100,000 levels deep without running out of stack', () => {
    expect(findNul(nested(100_000, 'clean'))).toBeNull();
    expect(findNul(nested(100_000, 'n\0l'))).toBe(Array.from({ length: 100_000 }, () => 'a').join('.'));
  });
});

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside one another, without recursion', () => {
    expect(nestsDeeperThan({ a: [{ b: [] }] }, 4)).toBe(false);
    expect(nestsDeeperThan({ a: [{ b: [[]] }] }, 4)).toBe(true);
    expect(nestsDeeperThan({ a: '[[[[[[', b: 1, c: null }, 1)).toBe(false);
    expect(
      nestsDeeperThan(
        Array.from({ length: 1000 }, () => ({})),
        2,
      ),
    ).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH - 1, {}), MAX_BODY_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_BODY_DEPTH, {}), MAX_BODY_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(100_000, 'x'), MAX_BODY_DEPTH)).toBe(true);
  });
});
