import { describe, expect, it } from 'vitest';
import type { Viewer } from '../users/viewer.ts';
import { createGroupsReportService, csvCell } from './report-service.ts';

const viewer: Viewer = { userId: 7, email: 'ada@example.com', roles: ['U'], permissions: [], sessionId: 3, csrfToken: 't' };

describe('groups report', () => {
  it.each([
    ['Routers', 'Routers'],
    ['a "b", c', '"a ""b"", c"'],
    ['two\nlines', '"two\nlines"'],
    ['=1+1', "'=1+1"],
    ['+49 30', "'+49 30"],
    ['-x', "'-x"],
    ['@SUM(A1)', "'@SUM(A1)"],
    [12, '12'],
  ] as const)('writes %j as %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('names ancestors along the search path, "…" for one the viewer cannot see', async () => {
    const service = createGroupsReportService({
      report: {
        rows: async () => [{ id: 9, name: 'Leaf', searchPath: '1.4.9', scans: 2, critical: 0, high: 1, medium: 0, low: 0, missing: 0 }],
        names: async (_viewer, ids) => new Map(ids.filter((id) => id === 4).map((id) => [id, 'Middle'])),
      },
    });
    const csv = await service.csv(viewer, undefined);
    expect(csv).toBe('path,name,scans,critical,high,medium,low,missing\r\n… / Middle / Leaf,Leaf,2,0,1,0,0,0\r\n');
  });
});
