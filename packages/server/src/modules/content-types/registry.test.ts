import { expect, it } from 'vitest';
import { CONTENT_TYPES, objectOf } from './registry.ts';

it.each([
  ['group:12', { contentType: 3, objectId: 12 }],
  ['scan:40', { contentType: 4, objectId: 40 }],
  ['company', { contentType: 1, objectId: null }],
  ['knowledge-base', { contentType: 8, objectId: null }],
  ['user:unknown', { contentType: 2, objectId: null }],
  ['widget:3', { contentType: null, objectId: 3 }],
])('reads %s as %j', (object, expected) => {
  expect(objectOf(object)).toEqual(expected);
});

it('keeps ids unique and in order', () => {
  expect(CONTENT_TYPES.map((type) => type.id)).toEqual(CONTENT_TYPES.map((_type, i) => i + 1));
});
