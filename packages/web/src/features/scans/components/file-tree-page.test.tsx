import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { FileDetail, FileTreeEntry } from '../../../lib/api-schemas.ts';
import { mock, serverError } from '../../../testing/api-mocks.ts';
import { buildContainerImage, buildFileDetail, buildFileEntry, buildFolderEntry, paged } from '../../../testing/builders.ts';
import { recordingQueries, scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const ROOT = buildFileEntry({
  name: 'openwrt-23.05.bin', path: [], is_container: true, has_children: true, child_count: 2, format: 'firmware/uimage', format_name: 'U-Boot uImage', size: 7_340_032,
});
const ROOTFS = buildFileEntry({
  name: 'rootfs.squashfs', path: ['rootfs.squashfs'], is_container: true, has_children: true, child_count: 2, format: 'filesystem/squashfs', format_name: 'SquashFS file system', size: 6_291_456,
});
const KERNEL = buildFileEntry({ name: 'kernel.bin', path: ['kernel.bin'], size: 2_048_000 });
const ETC = buildFolderEntry(['rootfs.squashfs', 'etc'], 1);
const DROPBEAR = buildFileEntry({
  name: 'dropbear', path: ['rootfs.squashfs', 'usr/sbin/dropbear'], format: 'executable/elf', format_name: 'ELF executable', size: 188_420,
  components: [{ uid: 'c-dropbear', lib: 'dropbear', version: '2022.83' }], component_count: 1, missing_mitigations: 2,
});
const PASSWD = buildFileEntry({ infoleaks: 2, layer: '1'.repeat(64), whiteout: '2'.repeat(64) });

/** The children of each folder by its JSON path. */
const TREE: Record<string, FileTreeEntry[]> = {
  '[]': [ROOTFS, KERNEL],
  '["rootfs.squashfs"]': [ETC, buildFolderEntry(['rootfs.squashfs', 'usr'], 1)],
  '["rootfs.squashfs","etc"]': [PASSWD],
  '["rootfs.squashfs","usr"]': [buildFolderEntry(['rootfs.squashfs', 'usr/sbin'], 1)],
  '["rootfs.squashfs","usr/sbin"]': [DROPBEAR],
};

const PASSWD_DETAIL: FileDetail = buildFileDetail(PASSWD, {
  ancestors: [[], ['rootfs.squashfs'], ['rootfs.squashfs', 'etc']],
  infoleak_items: [
    { id: 7, kind: 'passwords', detector: 'shadow-hash', path: PASSWD.path, offset: null, line: 1, value: 'root:$1$abc', masked: 'ro*******bc', context: 'root:$1$abc:0:0', details: null, decoy: false, revealable: false },
    { id: 9, kind: 'emails', detector: 'email', path: PASSWD.path, offset: null, line: 4, value: 'ops@example.org', masked: null, context: 'ops@example.org', details: null, decoy: false, revealable: false },
  ],
});

const DETAILS: Record<string, FileDetail> = {
  '[]': buildFileDetail(ROOT),
  [JSON.stringify(PASSWD.path)]: PASSWD_DETAIL,
  [JSON.stringify(DROPBEAR.path)]: buildFileDetail(DROPBEAR, {
    ancestors: [[], ['rootfs.squashfs'], ['rootfs.squashfs', 'usr'], ['rootfs.squashfs', 'usr/sbin']],
    executable: { format: 'elf', machine: 'mips', bits: 32, type: 'executable', missing: ['no-pie', 'no-relro'] },
  }),
};

/** Three layers: passwd comes from the first, the second deleted it. */
const STEPS = ['ADD rootfs.tar / # buildkit', 'RUN /bin/sh -c rm /etc/secret.txt # buildkit', 'COPY motd /etc/motd'];
const THREE_LAYERS = buildContainerImage({
  layers: STEPS.map((step, i) => ({ digest: String(i + 1).repeat(64), created_by: step, created: null, comment: null, files: 1, components: [], deleted: 0, deleted_files: [] })),
});

/** Answers the scan, the tree (through `children`, recording each query), the details and the layers. */
function serve(children: (query: URLSearchParams) => Response = (query) => HttpResponse.json(paged(TREE[query.get('parent') ?? '[]'] ?? []))) {
  const { queries, resolve } = recordingQueries(children);
  server.use(
    ...scanPageAnswers(),
    mock.get('/rest/scans/{id}/files/', resolve),
    mock.get('/rest/scans/{id}/files/detail/', ({ request }) => {
      const detail = DETAILS[new URL(request.url).searchParams.get('path') ?? ''];
      return detail ? HttpResponse.json(detail) : HttpResponse.json({ detail: 'The scan has no file or folder at this path.' }, { status: 404 });
    }),
    mock.get('/rest/scans/{id}/layers/', () => HttpResponse.json(paged([THREE_LAYERS]))),
  );
  return queries;
}

const rowsOf = (tree: HTMLElement) => within(tree).getAllByRole('treeitem');
const rowName = (row: HTMLElement) => row.querySelector('.mantine-NavLink-label')?.textContent;
const filesUrl = (path?: string[]) => `/product/42/files${path ? `?path=${encodeURIComponent(JSON.stringify(path))}` : ''}`;

describe('files tab', () => {
  it('shows the input on one line, then the top level of the tree, containers openable like folders', async () => {
    serve();
    renderRoute(filesUrl());
    const tree = await screen.findByRole('tree', { name: 'Files of openwrt-23.05.bin' });
    expect(screen.getByRole('tab', { name: 'Files' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('U-Boot uImage, 2 items · 7.34 MB')).toBeInTheDocument();
    const rows = rowsOf(tree);
    expect(rows.map(rowName)).toEqual(['rootfs.squashfs, SquashFS file system, 2 items', 'kernel.bin, file']);
    expect(rows.map((row) => [row.getAttribute('aria-level'), row.getAttribute('aria-expanded'), row.getAttribute('aria-posinset'), row.getAttribute('aria-setsize')])).toEqual([
      ['1', 'false', '1', '2'],
      ['1', null, '2', '2'],
    ]);
    expect(within(rows[1] as HTMLElement).getByText('2.05 MB')).toBeInTheDocument();
    expect(screen.getByText(/Select a file or folder/)).toBeInTheDocument();
  });

  it('reads a folder when it is opened, and opens, closes and selects with the keyboard', async () => {
    const queries = serve();
    const user = userEvent.setup();
    const { router } = renderRoute(filesUrl());
    const tree = await screen.findByRole('tree');
    await user.click(screen.getByRole('treeitem', { name: /^rootfs\.squashfs/ }));
    await waitFor(() => expect(rowsOf(tree)).toHaveLength(4));
    expect(queries).toEqual(['?parent=%5B%5D&limit=200&offset=0', '?parent=%5B%22rootfs.squashfs%22%5D&limit=200&offset=0']);
    expect(rowsOf(tree).map((row) => [rowName(row), row.getAttribute('aria-level')])).toEqual([
      ['rootfs.squashfs, SquashFS file system, 2 items', '1'], ['etc, folder, 1 item', '2'], ['usr, folder, 1 item', '2'], ['kernel.bin, file', '1'],
    ]);
    // Down to etc, open it with the right arrow, step into it, and show passwd with Enter.
    screen.getByRole('treeitem', { name: /^rootfs\.squashfs/ }).focus();
    await user.keyboard('{ArrowDown}{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('treeitem', { name: /^passwd/ })).toBeInTheDocument());
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('treeitem', { name: /^passwd/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ path: ['rootfs.squashfs', 'etc/passwd'] }));
    expect(await screen.findByRole('region', { name: 'Selected file' })).toHaveTextContent('passwd');
    // Left steps out to etc, left again closes it.
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('treeitem', { name: /^etc/ })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.queryByRole('treeitem', { name: /^passwd/ })).not.toBeInTheDocument();
    expect(screen.getByRole('treeitem', { name: /^etc/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens the folders above a linked file and shows what it carries, with links to its findings', async () => {
    serve();
    renderRoute(filesUrl(PASSWD.path));
    const panel = await screen.findByRole('region', { name: 'Selected file' });
    expect(await screen.findByRole('treeitem', { name: /^passwd/ })).toHaveAttribute('aria-selected', 'true');
    expect(within(panel).getByText('rootfs.squashfs / etc/passwd')).toBeInTheDocument();
    expect(within(panel).getByText('1.23 kB')).toBeInTheDocument();
    expect(within(panel).getByLabelText('SHA-1')).toHaveTextContent('a'.repeat(40));
    expect(within(panel).getByRole('button', { name: 'Copy SHA-256' })).toBeInTheDocument();
    expect(await within(panel).findByText('From layer 1 of 3 ·')).toBeInTheDocument();
    expect(within(panel).getByText('Deleted by whiteout in layer 2 of 3')).toBeInTheDocument();
    expect(within(panel).getByText('RUN /bin/sh -c rm /etc/secret.txt # buildkit')).toBeInTheDocument();
    const leak = within(panel).getByRole('link', { name: 'ro*******bc' });
    expect(leak).toHaveAttribute('href', '/product/42/info-leak?item=7');
    expect(within(panel).getByRole('link', { name: 'ops@example.org' })).toHaveAttribute('href', '/product/42/info-leak?item=9');
    expect(within(panel).getByRole('link', { name: 'Open in Info leak' })).toHaveAttribute('href', '/product/42/info-leak?q=rootfs.squashfs%2Fetc%2Fpasswd');
  });

  it('shows an executable\'s components and missing mitigations with a link to its attributes', async () => {
    serve();
    renderRoute(filesUrl(DROPBEAR.path));
    const panel = await screen.findByRole('region', { name: 'Selected file' });
    expect(await within(panel).findByText('ELF 32-bit · mips · executable')).toBeInTheDocument();
    expect(within(panel).getByText('No PIE')).toBeInTheDocument();
    expect(within(panel).getByTitle('c-dropbear')).toHaveTextContent('dropbear 2022.83');
    expect(within(panel).getByRole('link', { name: 'Open in Executable attributes' })).toHaveAttribute(
      'href', '/product/42/executable-attributes?q=rootfs.squashfs%2Fusr%2Fsbin%2Fdropbear',
    );
    const row = await screen.findByRole('treeitem', { name: /^dropbear/ });
    expect(within(row).getByText('2 missing')).toBeInTheDocument();
    expect(within(row).getByText('dropbear 2022.83')).toBeInTheDocument();
  });

  it('searches every path, keeping the search and its page in the URL, and opens a result', async () => {
    const queries = serve((query) => HttpResponse.json(query.has('search') ? { ...paged([DROPBEAR]), count: 51 } : paged(TREE[query.get('parent') ?? '[]'] ?? [])));
    const user = userEvent.setup();
    const { router } = renderRoute(filesUrl());
    await screen.findByRole('tree');
    await user.type(screen.getByRole('textbox', { name: 'Search files' }), 'DROP{Enter}');
    const table = await screen.findByRole('table', { name: 'Matching files' });
    expect(router.state.location.search).toEqual({ q: 'DROP' });
    expect(queries.at(-1)).toBe('?search=DROP&limit=50&offset=0');
    expect(within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['rootfs.squashfs / usr/sbin/dropbear', 'ELF executable', '188.42 kB', '2 missingdropbear 2022.83'],
    ]);
    expect(screen.getByText('51 items')).toBeInTheDocument();
    await user.click(within(table).getByText('rootfs.squashfs / usr/sbin/dropbear'));
    await waitFor(() => expect(router.state.location.search).toEqual({ q: 'DROP', path: DROPBEAR.path }));
    await user.click(screen.getByRole('button', { name: 'Back to the tree' }));
    expect(await screen.findByRole('tree')).toBeInTheDocument();
  });

  it('says so when a link names a path the scan does not hold', async () => {
    serve();
    renderRoute(filesUrl(['rootfs.squashfs', 'etc/shadow']));
    const panel = await screen.findByRole('region', { name: 'Selected file' });
    expect(await within(panel).findByText('This scan holds no file or folder at rootfs.squashfs / etc/shadow.')).toBeInTheDocument();
  });

  it('reads a folder of more than 200 children a page at a time', async () => {
    const many = Array.from({ length: 205 }, (_, i) => buildFileEntry({ name: `f${i}`, path: ['rootfs.squashfs', `f${i}`] }));
    const queries = serve((query) => {
      if (query.get('parent') === '[]') return HttpResponse.json(paged([ROOTFS]));
      const offset = Number(query.get('offset'));
      const next = offset === 0 ? '/rest/scans/42/files/?parent=x&limit=200&offset=200' : null;
      return HttpResponse.json({ count: 205, results: many.slice(offset, offset + 200), links: { next, previous: null } });
    });
    const user = userEvent.setup();
    renderRoute(filesUrl());
    await user.click(await screen.findByRole('treeitem', { name: /^rootfs\.squashfs/ }));
    await user.click(await screen.findByRole('button', { name: 'Show 5 more of 5' }));
    await waitFor(() => expect(rowsOf(screen.getByRole('tree'))).toHaveLength(206));
    expect(queries.at(-1)).toBe('?parent=%5B%22rootfs.squashfs%22%5D&limit=200&offset=200');
    expect(screen.queryByRole('button', { name: /more of/ })).not.toBeInTheDocument();
  });

  it('says why there is no tree while the scan is busy', async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready.' }, { status: 409 }));
    renderRoute(filesUrl());
    expect(await screen.findByRole('alert')).toHaveTextContent('The scan is not ready.');
  });

  it('shows a folder that failed to open with its retry', async () => {
    let fail = true;
    serve((query) => (query.get('parent') === '["rootfs.squashfs"]' && fail ? serverError('a1b2c3') : HttpResponse.json(paged(TREE[query.get('parent') ?? '[]'] ?? []))));
    const user = userEvent.setup();
    renderRoute(filesUrl());
    await user.click(await screen.findByRole('treeitem', { name: /^rootfs\.squashfs/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not open this folder');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('treeitem', { name: /^etc/ })).toBeInTheDocument();
  });

  it('on a phone shows the selected file full screen instead of beside the tree', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query === '(max-width: 48em)', media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    serve();
    renderRoute(filesUrl(PASSWD.path));
    const dialog = await screen.findByRole('dialog', { name: 'passwd' });
    expect(await within(dialog).findByText('rootfs.squashfs / etc/passwd')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Selected file' })).not.toBeInTheDocument();
    phone.mockRestore();
  });
});
