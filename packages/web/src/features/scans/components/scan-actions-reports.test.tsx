// The Actions menu's reports: PDF and the two CSVs of a ready scan, disabled while it is busy.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Scan } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function serveScan(fields: Partial<Scan>) {
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan({ id: 42, ...fields }))),
    mock.get('/rest/comments/', () => HttpResponse.json(paged([]))),
  );
}

async function openMenu() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
}

const REPORTS = [
  ['PDF report', '/rest/scans/42/report/?format=pdf'],
  ['Components (CSV)', '/rest/scans/42/report/?format=csv-components'],
  ['Vulnerabilities (CSV)', '/rest/scans/42/report/?format=csv-vulnerabilities'],
];

describe('scan actions: reports', () => {
  it('downloads the reports of a ready scan', async () => {
    serveScan({});
    renderRoute('/product/42/comments');
    await openMenu();
    expect(screen.getByText('Download report')).toBeInTheDocument();
    const links = REPORTS.map(([name]) => screen.getByRole('menuitem', { name }));
    expect(links.map((link) => [link.tagName, link.getAttribute('href'), link.hasAttribute('download')])).toEqual(REPORTS.map(([, href]) => ['A', href, true]));
  });

  it('disables them while the scan is busy', async () => {
    serveScan({ status: 'B', verdict: null });
    renderRoute('/product/42/comments');
    await openMenu();
    for (const [name] of REPORTS) {
      const item = screen.getByRole('menuitem', { name });
      expect([item.getAttribute('href'), item.getAttribute('title')]).toEqual([null, 'The scan is not ready yet']);
      expect(item).toBeDisabled();
    }
  });
});
