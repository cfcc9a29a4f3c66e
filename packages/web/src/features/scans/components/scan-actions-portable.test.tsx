// The Actions menu's portable scan file: a download of a ready scan, disabled while it is busy.
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

async function menuItem(name: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
  return screen.getByRole('menuitem', { name });
}

describe('scan actions: portable scan file', () => {
  it('downloads a ready scan as its .bdba file', async () => {
    serveScan({});
    renderRoute('/product/42/comments');
    const link = await menuItem('Portable scan file (.bdba)');
    expect([link.tagName, link.getAttribute('href'), link.hasAttribute('download')]).toEqual(['A', '/rest/scans/42/dotbdba/', true]);
  });

  it('is disabled while the scan is busy', async () => {
    serveScan({ status: 'B', verdict: null });
    renderRoute('/product/42/comments');
    const item = await menuItem('Portable scan file (.bdba)');
    expect([item.getAttribute('href'), item.getAttribute('title')]).toEqual([null, 'The scan is not ready yet']);
    expect(item).toBeDisabled();
  });
});
