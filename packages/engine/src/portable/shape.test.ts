import { describe, expect, it } from 'vitest';
import { PortableScanError } from './portable-scan.ts';
import { array, integer, jsonValue, literal, object, optional, record, scalar, string } from './shape.ts';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PortableScanError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('shape checks', () => {
  const point = object<{ x: number; label?: string }>({ x: integer(0), label: optional(string) });

  it('rebuild an object from its declared fields, leaving absent optional ones out', () => {
    expect(point({ x: 3, label: 'a', other: true }, 'p')).toEqual({ x: 3, label: 'a' });
    expect(Object.keys(point({ x: 3 }, 'p'))).toEqual(['x']);
  });

  it('name the first bad field by its path', () => {
    expect(refusal(() => array(point)([{ x: 1 }, { x: 1.5 }], 'points'))).toBe('points[1].x: expected a whole number from 0, got 1.5');
    expect(refusal(() => point({ label: 'a' }, 'p'))).toBe('p.x: expected a number, got nothing');
    expect(refusal(() => literal('a', 'b')(true, 'k'))).toBe('k: expected one of "a", "b", got a boolean');
    expect(refusal(() => record(scalar)({ a: [] }, 'm'))).toBe('m.a: expected a string, number or boolean, got an array');
    expect(refusal(() => point([], 'p'))).toBe('p: expected an object, got an array');
  });

  it('bound the depth of free JSON', () => {
    expect(jsonValue(2)({ a: [1] }, 'v')).toEqual({ a: [1] });
    expect(refusal(() => jsonValue(2)({ a: [[1]] }, 'v'))).toBe('v.a[0]: nested deeper than 2 levels');
  });

  it('need a check for every field of the type (a compile error otherwise)', () => {
    // @ts-expect-error -- `label` has no check
    const missing = object<{ x: number; label?: string }>({ x: integer(0) });
    expect(missing({ x: 1, label: 'dropped' }, 'p')).toEqual({ x: 1 });
  });
});
