import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Comment, Scan } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { EMPTY_KNOWLEDGE_BASE, knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const ME = buildUser();

/** The scan page (its comments tab) over a scan the handlers change; returns what was sent. */
function serveScan(initial: Partial<Scan> = {}, comments: Comment[] = []) {
  let scan = buildScan({ id: 42, ...initial });
  let stored = [...comments];
  const sent: { method: string; path: string; body: unknown }[] = [];
  const record = async (method: string, request: Request) => {
    const text = method === 'DELETE' ? '' : await request.text();
    sent.push({ method, path: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
  };
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(ME)),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup())),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(scan)),
    mock.get('/rest/comments/', () => HttpResponse.json(paged(stored))),
    mock.patch('/rest/scans/{id}/', async ({ request }) => {
      await record('PATCH', request.clone());
      scan = { ...scan, ...((await request.json()) as Partial<Scan>) };
      return HttpResponse.json(scan);
    }),
    mock.post('/rest/scans/{id}/rescan/', async ({ request }) => {
      await record('POST', request);
      if (scan.binary_removed) return HttpResponse.json({ detail: "The scan's file was removed, so it cannot be scanned again: upload the file again." }, { status: 409 });
      scan = { ...scan, status: 'B', verdict: null };
      return HttpResponse.json(scan);
    }),
    mock.delete('/rest/scans/{id}/binary/', async ({ request }) => {
      await record('DELETE', request);
      scan = { ...scan, binary_removed: true };
      return HttpResponse.json(scan);
    }),
    mock.post('/rest/comments/', async ({ request }) => {
      const body = (await request.json()) as { product: number; comment: string };
      sent.push({ method: 'POST', path: '/rest/comments/', body });
      const created: Comment = { id: 9, url: '/rest/comments/9/', product: body.product, comment: body.comment, author: ME.id, author_name: ME.username, created: '2026-03-05T10:00:00Z' };
      stored = [...stored, created];
      return HttpResponse.json(created, { status: 201 });
    }),
    mock.delete('/rest/comments/{id}/', async ({ request, params }) => {
      await record('DELETE', request);
      stored = stored.filter((comment) => comment.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return sent;
}

const openMenu = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Actions' }));
};

describe('scan actions', () => {
  it('renames sending only the name, and nothing when it did not change', async () => {
    const sent = serveScan();
    renderRoute('/product/42/comments');
    const user = userEvent.setup();
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Rename application' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([]);

    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const name = screen.getByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, ' gateway-fw.bin ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'gateway-fw.bin' })).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'PATCH', path: '/rest/scans/42/', body: { name: 'gateway-fw.bin' } }]);
  });

  it('removes the file after Yes, then offers no rescan; shows the verdict and its reason', async () => {
    const sent = serveScan({ verdict: 'na', verdict_reason: 'The file is empty.', component_count: 0 });
    renderRoute('/product/42/comments');
    expect(await screen.findByText('The file is empty.')).toBeInTheDocument();
    expect(screen.getByLabelText('Verdict N/A')).toBeInTheDocument();
    const user = userEvent.setup();
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Remove file' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove file' });
    expect(dialog).toHaveTextContent('Remove the uploaded file of openwrt-23.05.bin? The results stay, but the application can no longer be rescanned.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('File removed')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'DELETE', path: '/rest/scans/42/binary/', body: null }]);
    await openMenu(user);
    expect(screen.getByRole('menuitem', { name: 'Rescan' })).toBeDisabled();
    expect(screen.getByRole('menuitem', { name: 'Remove file' })).toBeDisabled();
    expect(screen.queryByRole('menuitem', { name: 'Abort' })).not.toBeInTheDocument();
  });

  it('says Verify rather than Pass while there is no vulnerability data', async () => {
    serveScan();
    server.use(knowledgeBaseAnswer(EMPTY_KNOWLEDGE_BASE));
    renderRoute('/product/42/comments');
    expect(await screen.findByLabelText('Verdict Verify')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verdict Pass')).not.toBeInTheDocument();
  });

  it('offers the SBOM downloads of a ready scan, and none while it is busy', async () => {
    serveScan();
    renderRoute('/product/42/comments');
    const user = userEvent.setup();
    await openMenu(user);
    const labels = ['CycloneDX 1.6 (JSON)', 'CycloneDX 1.6 (XML)', 'SPDX 2.3 (JSON)', 'SPDX 2.3 (tag-value)'];
    const links = labels.map((name) => screen.getByRole('menuitem', { name }));
    expect(links.map((link) => [link.getAttribute('href'), link.hasAttribute('download')])).toEqual([
      ['/rest/scans/42/sbom/?format=cyclonedx-json', true],
      ['/rest/scans/42/sbom/?format=cyclonedx-xml', true],
      ['/rest/scans/42/sbom/?format=spdx-json', true],
      ['/rest/scans/42/sbom/?format=spdx-tag-value', true],
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Rescan' }));
    await openMenu(user);
    const busy = await screen.findByRole('menuitem', { name: 'Abort' });
    expect(busy).toBeInTheDocument();
    for (const name of labels) expect(screen.getByRole('menuitem', { name })).toBeDisabled();
  });

  it('compares a ready scan with another: the diff page opens with it as the target', async () => {
    serveScan();
    server.use(mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan({ id: 42 }), buildScan({ id: 40, name: 'openwrt-22.03.bin' })]))));
    const { router } = renderRoute('/product/42/comments');
    const user = userEvent.setup();
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Compare with…' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/diff'));
    expect(router.state.location.search).toEqual({ target: 42 });
    expect(await screen.findByText('Choose the scan before the change (base) to see which components, vulnerabilities, licences and hardening changed between them.')).toBeInTheDocument();
  });

  it('offers no comparison while the scan is busy', async () => {
    serveScan({ status: 'B', verdict: null });
    renderRoute('/product/42/comments');
    const user = userEvent.setup();
    await openMenu(user);
    expect(screen.getByRole('menuitem', { name: 'Compare with…' })).toBeDisabled();
  });

  it('rescans, then offers Abort while busy', async () => {
    const sent = serveScan();
    renderRoute('/product/42/comments');
    const user = userEvent.setup();
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Rescan' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'POST', path: '/rest/scans/42/rescan/', body: null }]));
    await openMenu(user);
    expect(await screen.findByRole('menuitem', { name: 'Abort' })).toBeInTheDocument();
  });

  it('adds a comment and removes it after Yes', async () => {
    const sent = serveScan();
    renderRoute('/product/42/comments');
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Comments' })).toHaveAttribute('aria-selected', 'true');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Add a comment'), '  Vendor confirmed the fix.  ');
    await user.click(screen.getByRole('button', { name: 'Comment' }));
    expect(await screen.findByText('Vendor confirmed the fix.')).toBeInTheDocument();
    expect(sent).toEqual([{ method: 'POST', path: '/rest/comments/', body: { product: 42, comment: 'Vendor confirmed the fix.' } }]);
    await user.click(screen.getByRole('button', { name: 'Remove comment' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Remove comment' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    expect(sent.at(-1)).toEqual({ method: 'DELETE', path: '/rest/comments/9/', body: null });
  });
});
