import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { ExecutableAttributes } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildExecutable, paged } from '../../../testing/builders.ts';
import { recordingQueries, scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const ELF = buildExecutable({
  attributes: { nx: true, pie: false, relro: 'partial', canary: true, fortify: true, fortified: 3, fortifiable: 5, stripped: true, cet_ibt: false, cet_shstk: false },
  missing: ['no-pie', 'partial-relro', 'no-ibt', 'no-shstk'],
});

const PE = buildExecutable({
  path: ['firmware.zip', 'tools/flash.exe'],
  format: 'pe',
  machine: 'x86-64',
  bits: 64,
  type: 'executable',
  attributes: { dynamic_base: true, high_entropy_va: true, nx_compat: true, force_integrity: false, gs: true, cfg: true, cet_compat: true, authenticode: true, dotnet: false },
  missing: [],
});

/** Answers the scan and its group, and the executables through `answer`, recording each query string. */
function serve(answer: (query: URLSearchParams) => Response) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/executable-attributes/', resolve));
  return queries;
}

function list(results: ExecutableAttributes[], count = results.length) {
  return HttpResponse.json({ ...paged(results), count });
}

describe('executable attributes tab', () => {
  it('lists each executable with its format, type, present and missing mitigations', async () => {
    serve(() => list([ELF, PE]));
    renderRoute('/product/42/executable-attributes');
    const table = await screen.findByRole('table', { name: 'Executable attributes' });
    expect(screen.getByRole('tab', { name: 'Executable attributes' })).toHaveAttribute('aria-selected', 'true');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Path', 'Format', 'Type', 'Mitigations', 'Missing']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      [
        'openwrt-23.05.bin / rootfs.squashfs / usr/sbin/dropbear',
        'ELF 64-bit LE · x86-64',
        'executable',
        'NXCanaryFortify',
        'No PIEPartial RELRONo CET IBTNo CET shadow stack',
      ],
      ['firmware.zip / tools/flash.exe', 'PE 64-bit LE · x86-64', 'executable', 'ASLRHigh-entropy VADEP/GSCFGCET compat', 'None'],
    ]);
    const [elfRow] = rows as [HTMLElement];
    expect(within(elfRow).getByText('openwrt-23.05.bin / rootfs.squashfs / usr/sbin/dropbear')).toHaveAttribute(
      'title',
      'openwrt-23.05.bin / rootfs.squashfs / usr/sbin/dropbear',
    );
    expect(within(elfRow).getByTitle('no-pie')).toHaveTextContent(/^No PIE$/);
    expect(within(elfRow).getByTitle('partial-relro')).toHaveTextContent(/^Partial RELRO$/);
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('on a phone puts Missing beside the path, with format and type under the path', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      matches: query === '(max-width: 48em)', media: query, onchange: null,
      addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
    }));
    serve(() => list([ELF]));
    renderRoute('/product/42/executable-attributes');
    const table = await screen.findByRole('table', { name: 'Executable attributes' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Path', 'Missing', 'Mitigations']);
    expect(within(within(table).getAllByRole('row')[1] as HTMLElement).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'openwrt-23.05.bin / rootfs.squashfs / usr/sbin/dropbearELF 64-bit LE · x86-64 · executable',
      'No PIEPartial RELRONo CET IBTNo CET shadow stack',
      'NXCanaryFortify',
    ]);
    phone.mockRestore();
  });

  it('sends the Missing filter to the server, keeps it in the URL and goes back to the first page', async () => {
    const queries = serve((query) => (query.get('missing') === 'no-pie' ? list([ELF]) : list([ELF, PE], 27)));
    const { router } = renderRoute('/product/42/executable-attributes?offset=25');
    await screen.findByRole('table', { name: 'Executable attributes' });
    expect(queries).toEqual(['?limit=25&offset=25']);
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Missing', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'No PIE (no-pie)' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ missing: 'no-pie' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?missing=no-pie&limit=25&offset=0'));
    await waitFor(() => expect(screen.getByText('1 item')).toBeInTheDocument());
    await user.type(screen.getByLabelText('Search executables'), 'dropbear{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ missing: 'no-pie', q: 'dropbear' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?missing=no-pie&search=dropbear&limit=25&offset=0'));
  });

  it('says when nothing matches the filters, and drops filter values it does not know', async () => {
    const queries = serve(() => list([]));
    const { unmount } = renderRoute('/product/42/executable-attributes?format=pe&q=flash');
    expect(await screen.findByText('No executables match these filters.')).toBeInTheDocument();
    expect(queries).toEqual(['?format=pe&search=flash&limit=25&offset=0']);
    expect(screen.getByLabelText('Format', { selector: 'input' })).toHaveValue('PE');
    expect(screen.getByLabelText('Search executables')).toHaveValue('flash');
    unmount();
    const { router } = renderRoute('/product/42/executable-attributes?format=coff&missing=no-seatbelt');
    expect(await screen.findByText('No executables in this scan.')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('?limit=25&offset=0');
    expect(router.state.location.search).toEqual({});
    expect(screen.getByLabelText('Format', { selector: 'input' })).toHaveValue('All');
  });

  it("shows the server's reason while the scan is not ready", async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready yet' }, { status: 409 }));
    renderRoute('/product/42/executable-attributes');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The scan is not ready yet');
    expect(screen.queryByRole('table', { name: 'Executable attributes' })).not.toBeInTheDocument();
  });

  it('explains every mitigation in a collapsed help table', async () => {
    serve(() => list([PE]));
    renderRoute('/product/42/executable-attributes');
    const toggle = await screen.findByRole('button', { name: 'What these attributes mean' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const help = screen.getByRole('table', { name: 'Mitigations' });
    const pie = within(help).getByRole('row', { name: /^Position-independent executable/ });
    expect(within(help).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Mitigation', 'In the API', 'Formats', 'What it does and how it is enabled']);
    expect(within(pie).getAllByRole('cell').slice(0, 3).map((cell) => cell.textContent)).toEqual(['Position-independent executable (PIE)', 'piemissing: no-pie', 'ELF, Mach-O']);
    expect(within(pie).getByText('-fPIE -pie')).toBeInTheDocument();
    const relro = within(help).getByRole('row', { name: /^Relocation read-only/ });
    expect(within(relro).getAllByRole('cell')[1]?.textContent).toBe('relromissing: no-relromissing: partial-relro');
    expect(within(relro).getByText('-Wl,-z,relro,-z,now')).toBeInTheDocument();
    expect(within(help).getAllByRole('row')).toHaveLength(26); // header + 25 mitigations (CFI, SafeStack, separate code, AppContainer added)
  });
});
