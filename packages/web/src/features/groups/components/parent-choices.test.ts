import { describe, expect, it } from 'vitest';
import { buildGroup } from '../../../testing/builders.ts';
import { parentChoices } from './parent-choices.ts';

describe('parentChoices', () => {
  const lab = buildGroup({ id: 4, name: 'Lab', parent: 1, search_path: '1.4' });
  const lab40 = buildGroup({ id: 40, name: 'Lab', search_path: '40' });
  const modems = buildGroup({ id: 12, name: 'Modems', parent: 4, search_path: '1.4.12' });

  it('offers the top level and groups outside the subtree by path; "1.40" is not below "1.4"', () => {
    const company = buildGroup({ id: 1, name: 'Company', search_path: '1' });
    const archive = buildGroup({ id: 41, name: 'Archive', parent: 1, search_path: '1.41' });
    expect(parentChoices(lab, [company, lab, modems, lab40, archive])).toEqual([
      { value: '', label: '(top level)' },
      { value: '1', label: 'Company' },
      { value: '41', label: 'Company / Archive' },
      { value: '40', label: 'Lab' },
    ]);
  });

  it('names ancestors the viewer cannot see "…", and keeps an invisible current parent choosable', () => {
    expect(parentChoices(lab, [modems, lab40, buildGroup({ id: 5, name: 'Cameras', parent: 1, search_path: '1.5' })])).toEqual([
      { value: '', label: '(top level)' },
      { value: '1', label: '…' },
      { value: '5', label: '… / Cameras' },
      { value: '40', label: 'Lab' },
    ]);
  });
});
