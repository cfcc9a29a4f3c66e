// The Actions menu's PDF report made in the background: POST /rest/reports/, then the report's page.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Scan } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const REPORT = {
  id: 7, kind: 'scan', format: 'pdf', name: 'firmware.bin.pdf', state: 'queued', error: null, size: null,
  scan: 42, cvss_version: 3, q: null, id__in: null, group: null, user: null, created: '2026-12-01T09:30:00Z', finished: null,
} as const;

function serveScan(fields: Partial<Scan>) {
  const posted: unknown[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan({ id: 42, ...fields }))),
    mock.get('/rest/comments/', () => HttpResponse.json(paged([]))),
    mock.post('/rest/reports/', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json(REPORT, { status: 201 });
    }),
    mock.get('/rest/reports/{id}/', () => HttpResponse.json(REPORT)),
  );
  return posted;
}

describe('scan actions: report made in the background', () => {
  it("asks for the scan's PDF and opens the report's page", async () => {
    const posted = serveScan({});
    const { router } = renderRoute('/product/42/comments');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Make PDF report in the background' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/report/7'));
    expect(posted).toEqual([{ kind: 'scan', format: 'pdf', scan: 42 }]);
    expect(await screen.findByRole('heading', { name: 'firmware.bin.pdf' })).toBeInTheDocument();
  });

  it('is disabled while the scan is busy', async () => {
    serveScan({ status: 'B', verdict: null });
    renderRoute('/product/42/comments');
    await userEvent.click(await screen.findByRole('button', { name: 'Actions' }));
    const item = screen.getByRole('menuitem', { name: 'Make PDF report in the background' });
    expect(item).toBeDisabled();
    expect(item).toHaveAttribute('title', 'The scan is not ready yet');
  });
});
