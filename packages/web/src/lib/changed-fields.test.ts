import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields.ts';

const stored = { id: 7, name: 'Routers', description: 'Home router firmware', parent: null as number | null, tags: ['lab', 'lte'] };

describe('changedFields', () => {
  it.each([
    ['nothing edited', {}, null],
    ['every field as stored', { name: 'Routers', description: 'Home router firmware', parent: null, tags: ['lab', 'lte'] }, null],
    ['the name with the spaces the server trims', { name: '  Routers ' }, null],
    ['a new name, sent trimmed', { name: ' Gateways ' }, { name: 'Gateways' }],
    ['the description only', { name: 'Routers', description: 'LTE gateways' }, { description: 'LTE gateways' }],
    ['a description differing by spaces (not trimmed by the server)', { description: 'Home router firmware ' }, { description: 'Home router firmware ' }],
    ['an emptied description', { description: '' }, { description: '' }],
    ['a new parent', { parent: 4 }, { parent: 4 }],
    ['undefined: not edited', { name: undefined, parent: 4 }, { parent: 4 }],
    ['arrays by content, equal', { tags: ['lab', 'lte'] }, null],
    ['arrays by content, reordered', { tags: ['lte', 'lab'] }, { tags: ['lte', 'lab'] }],
    ['two fields', { name: 'Gateways', parent: 4 }, { name: 'Gateways', parent: 4 }],
  ])('%s', (_case, edited, expected) => {
    expect(changedFields(stored, edited, { trim: ['name'] })).toEqual(expected);
  });

  it('compares untrimmed without the trim option', () => {
    expect(changedFields(stored, { name: 'Routers ' })).toEqual({ name: 'Routers ' });
  });

  it('moving to the top level (null) is a change', () => {
    const nested: { parent: number | null } = { parent: 4 };
    expect(changedFields(nested, { parent: null })).toEqual({ parent: null });
  });

  it('compares nested objects by content', () => {
    const settings = { limits: { depth: 35, files: 100 } };
    expect(changedFields(settings, { limits: { files: 100, depth: 35 } })).toBeNull();
    expect(changedFields(settings, { limits: { depth: 35, files: 200 } })).toEqual({ limits: { depth: 35, files: 200 } });
  });
});
