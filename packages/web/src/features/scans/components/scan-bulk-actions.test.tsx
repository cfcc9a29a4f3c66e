import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { mock } from '../../../testing/api-mocks.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const STATISTICS = {
  count: 2,
  by_status: { R: 2, B: 0, S: 0, P: 0, D: 0, F: 0 },
  by_verdict: { na: 0, verify: 0, pass: 2, vulns: 0 },
  by_highest_severity: { critical: 0, high: 0, medium: 0, low: 0, missing: 0, none: 2, unknown: 0 },
  vulnerabilities: { critical: 0, high: 0, medium: 0, low: 0, missing: 0 },
};

function serveList() {
  const sent: { path: string; body: unknown }[] = [];
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    knowledgeBaseAnswer(),
    mock.get('/rest/scans/statistics/', () => HttpResponse.json(STATISTICS)),
    mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan({ id: 1, name: 'router.bin' }), buildScan({ id: 2, name: 'camera.img' })]))),
    mock.post('/rest/scans/delete/', async ({ request }) => {
      sent.push({ path: '/rest/scans/delete/', body: await request.json() });
      return HttpResponse.json({ done: [1], refused: [{ id: 2, detail: 'You do not have permission to perform this action.' }] });
    }),
    mock.post('/rest/scans/rescan/', async ({ request }) => {
      sent.push({ path: '/rest/scans/rescan/', body: await request.json() });
      return HttpResponse.json({ done: [1, 2], refused: [] });
    }),
  );
  return sent;
}

describe('bulk actions on the application list', () => {
  it('removes the selected applications after Yes and lists what the server refused', async () => {
    const sent = serveList();
    renderRoute('/applications');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select router.bin' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select camera.img' }));
    await user.click(screen.getByRole('button', { name: 'Bulk actions' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Compare the two', 'Rescan', 'Abort', 'Remove files', 'Remove']);
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove selected applications' });
    expect(dialog).toHaveTextContent('Remove 2 selected applications with all their results and files? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    const outcome = await screen.findByLabelText('Bulk action result');
    expect(outcome).toHaveTextContent('1 removed; 1 left as they were:#2: You do not have permission to perform this action.');
    expect(sent).toEqual([{ path: '/rest/scans/delete/', body: { id__in: [1, 2] } }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Bulk actions' })).not.toBeInTheDocument());
  });

  it('compares exactly two selected applications, the earlier upload as the base', async () => {
    serveList();
    server.use(mock.get('/rest/scans/diff/', () => HttpResponse.json({ detail: 'Not found.' }, { status: 404 })));
    const { router } = renderRoute('/applications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('checkbox', { name: 'Select camera.img' }));
    await user.click(screen.getByRole('button', { name: 'Bulk actions' }));
    expect(screen.queryByRole('menuitem', { name: 'Compare the two' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('checkbox', { name: 'Select router.bin' }));
    await user.click(screen.getByRole('button', { name: 'Bulk actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Compare the two' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/diff'));
    expect(router.state.location.search).toEqual({ base: 1, target: 2 });
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const sent = serveList();
    renderRoute('/applications');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Applications' });
    await user.click(await screen.findByRole('checkbox', { name: 'Select camera.img' }));
    await user.click(screen.getByRole('button', { name: 'Bulk actions' }));
    await user.click(screen.getByRole('menuitem', { name: 'Rescan' }));
    const dialog = screen.getByRole('dialog', { name: 'Rescan selected applications' });
    expect(dialog).toHaveTextContent('Rescan 1 selected application?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent).toEqual([]);
  });
});
