import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { InfoleakItem } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { paged } from '../../../testing/builders.ts';
import { recordingQueries, scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function buildInfoleak(overrides: Partial<InfoleakItem> = {}): InfoleakItem {
  return {
    id: 1,
    kind: 'passwords',
    detector: 'config-password',
    path: ['openwrt-23.05.bin', 'rootfs.squashfs', 'etc/app.conf'],
    offset: null,
    line: 3,
    value: 'Tr0ub4dor&3xyz',
    masked: 'Tr**********yz',
    context: 'admin_user = admin\nadmin_password = "Tr0ub4dor&3xyz"\ncontact = ops@binlens-demo.org',
    details: null,
    decoy: false,
    revealable: true,
    ...overrides,
  };
}

const PASSWORD = buildInfoleak();

const EMAIL = buildInfoleak({
  id: 2,
  kind: 'emails',
  detector: 'email',
  path: ['openwrt-23.05.bin', 'rootfs.squashfs', 'usr/lib/libupdate.so'],
  line: null,
  offset: 0x1f40,
  value: 'ops@binlens-demo.org',
  masked: null,
  revealable: false,
  context: 'mailto:ops@binlens-demo.org\u0000Update failed',
});

const EXAMPLE_KEY = buildInfoleak({
  id: 3,
  kind: 'cloud_provider_keys',
  detector: 'aws-access-key',
  line: 7,
  value: 'AKIAIOSFODNN7EXAMPLE',
  masked: 'AKIA************MPLE',
  context: 'aws_access_key_id = AKIAIOSFODNN7EXAMPLE',
  details: { type: 'long-term' },
  decoy: true,
});

/** Answers the scan and its group, and the findings through `answer`, recording each query string. */
function serve(answer: (query: URLSearchParams) => Response) {
  const { queries, resolve } = recordingQueries(answer);
  server.use(...scanPageAnswers(), mock.get('/rest/scans/{id}/infoleak/', resolve));
  return queries;
}

function list(results: InfoleakItem[], count = results.length) {
  return HttpResponse.json({ ...paged(results), count });
}

const cellTexts = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('info leak tab', () => {
  it('lists each finding with its kind, the masked form of a secret, the file with its line or offset, and the detector', async () => {
    serve(() => list([PASSWORD, EMAIL]));
    renderRoute('/product/42/info-leak');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Kind', 'Value', 'File', 'Detector']);
    const [password, email] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(cellTexts(password)).toEqual(['Password', 'Tr**********yz', 'openwrt-23.05.bin / rootfs.squashfs / etc/app.confLine 3', 'config-password']);
    expect(cellTexts(email)).toEqual([
      'Email address',
      'ops@binlens-demo.org',
      'openwrt-23.05.bin / rootfs.squashfs / usr/lib/libupdate.soOffset 0x1f40',
      'email',
    ]);
    // The real value of a secret is nowhere in the list, not even in a title.
    expect(within(password).getByText('Tr**********yz')).toHaveAttribute('title', 'Tr**********yz');
    expect(table.innerHTML).not.toContain('Tr0ub4dor');
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });

  it('cuts a long value with an ellipsis, keeps it whole in the title, and shows control characters escaped', async () => {
    const url = `https://updates.binlens-demo.org/${'a'.repeat(120)}\u202e`;
    serve(() => list([buildInfoleak({ kind: 'urls', detector: 'url', value: url, masked: null })]));
    renderRoute('/product/42/info-leak');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    const value = within(table).getByTitle(`https://updates.binlens-demo.org/${'a'.repeat(120)}\\u{202e}`);
    expect(value.textContent).toBe(`https://updates.binlens-demo.org/${'a'.repeat(46)}…`);
  });

  it('sends the Kind filter to the server, keeps it in the URL and goes back to the first page', async () => {
    const queries = serve((query) => (query.get('kind') === 'passwords' ? list([PASSWORD]) : list([PASSWORD, EMAIL], 27)));
    const { router } = renderRoute('/product/42/info-leak?offset=25');
    await screen.findByRole('table', { name: 'Information leaks' });
    expect(queries).toEqual(['?limit=25&offset=25']);
    const user = userEvent.setup();
    expect(screen.getByLabelText('Kind', { selector: 'input' })).toHaveValue('All kinds');
    await user.click(screen.getByLabelText('Kind', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Passwords' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'passwords' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?kind=passwords&limit=25&offset=0'));
    await waitFor(() => expect(screen.getByText('1 item')).toBeInTheDocument());
    await user.type(screen.getByLabelText('Search information leaks'), 'app.conf{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ kind: 'passwords', q: 'app.conf' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?kind=passwords&search=app.conf&limit=25&offset=0'));
  });

  it('asks for documentation examples only when the box is ticked, and marks them', async () => {
    const queries = serve((query) => (query.get('include_decoys') === 'true' ? list([PASSWORD, EXAMPLE_KEY]) : list([PASSWORD])));
    const { router } = renderRoute('/product/42/info-leak');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    expect(queries).toEqual(['?limit=25&offset=0']);
    expect(within(table).queryByText('example')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Show documentation examples' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ decoys: true }));
    await waitFor(() => expect(queries.at(-1)).toBe('?include_decoys=true&limit=25&offset=0'));
    const example = await within(table).findByRole('row', { name: /Cloud provider key/ });
    expect(cellTexts(example).slice(0, 2)).toEqual(['Cloud provider keyexample', 'AKIA************MPLE']);
    await user.click(screen.getByRole('checkbox', { name: 'Show documentation examples' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
  });

  it('opens the clicked finding in a side panel kept in the URL: masked until Reveal, copied whole, closed again', async () => {
    const queries = serve(() => list([EMAIL, PASSWORD]));
    const { router } = renderRoute('/product/42/info-leak');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    const user = userEvent.setup();
    // After setup, which puts its own clipboard in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(table).getByText('openwrt-23.05.bin / rootfs.squashfs / etc/app.conf'));
    const panel = await screen.findByRole('dialog', { name: 'Password' });
    await waitFor(() => expect(router.state.location.search).toEqual({ item: 1 }));
    expect(within(panel).getByLabelText('Value')).toHaveTextContent(/^Tr\*{10}yz$/);
    expect(within(panel).getByText('config-password')).toBeInTheDocument();
    expect(within(panel).getByText('openwrt-23.05.bin / rootfs.squashfs / etc/app.conf')).toBeInTheDocument();
    expect(within(panel).getByText('Line 3')).toBeInTheDocument();
    // The secret is masked in its context too, until Reveal.
    expect(within(panel).getByLabelText('Context').textContent).toBe('admin_user = admin\nadmin_password = "Tr**********yz"\ncontact = ops@binlens-demo.org');
    expect(panel.textContent).not.toContain('Tr0ub4dor');

    await user.click(within(panel).getByRole('button', { name: 'Reveal' }));
    expect(within(panel).getByLabelText('Value')).toHaveTextContent(/^Tr0ub4dor&3xyz$/);
    expect(within(panel).getByLabelText('Context').textContent).toBe('admin_user = admin\nadmin_password = "Tr0ub4dor&3xyz"\ncontact = ops@binlens-demo.org');
    expect(within(panel).getByRole('button', { name: 'Hide' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(panel).getByRole('button', { name: 'Copy value' }));
    expect(writeText).toHaveBeenCalledWith('Tr0ub4dor&3xyz');
    expect(await within(panel).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toEqual({});
    // Opening and closing a finding never loads the list again.
    expect(queries).toHaveLength(1);
  });

  it('shows a secret the server sent masked without Reveal or Copy, and says who sees it in full', async () => {
    const masked = buildInfoleak({ value: 'Tr**********yz', context: 'admin_password = "Tr**********yz"', revealable: false });
    serve(() => list([masked]));
    renderRoute('/product/42/info-leak?item=1');
    const panel = await screen.findByRole('dialog', { name: 'Password' });
    expect(within(panel).getByLabelText('Value')).toHaveTextContent(/^Tr\*{10}yz$/);
    expect(within(panel).getByText('Secrets are shown in full to those who may change this group.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Copy value' })).not.toBeInTheDocument();
  });

  it('fetches a linked finding that is not on the page shown, and says Invalid arguments for an id the scan lacks', async () => {
    const queries = serve((query) => (query.get('id__in') === '1' ? list([PASSWORD]) : query.has('id__in') ? list([]) : list([EMAIL], 40)));
    const { router } = renderRoute('/product/42/info-leak?item=1');
    const panel = await screen.findByRole('dialog');
    expect(await within(panel).findByLabelText('Value')).toHaveTextContent(/^Tr\*{10}yz$/);
    expect(queries).toContain('?id__in=1&include_decoys=true&limit=1&offset=0');
    await router.navigate({ to: '/product/$scanId/info-leak', params: { scanId: 42 }, search: { item: 77 } });
    expect(await within(await screen.findByRole('dialog')).findByRole('alert')).toHaveTextContent('Invalid argumentsThis scan has no information leak 77.');
  });

  it('opens a linked finding and, with Enter, the focused row; a refused copy only warns', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    serve(() => list([PASSWORD, EMAIL, EXAMPLE_KEY]));
    const { router } = renderRoute('/product/42/info-leak?item=2');
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const panel = await screen.findByRole('dialog', { name: 'Email address' });
    // Not a secret: nothing to reveal; a control character is shown escaped.
    expect(within(panel).queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument();
    expect(within(panel).getByLabelText('Value')).toHaveTextContent(/^ops@binlens-demo\.org$/);
    expect(within(panel).getByLabelText('Context').textContent).toBe('mailto:ops@binlens-demo.org\\0Update failed');
    expect(within(panel).getByText('Offset 0x1f40')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Copy value' }));
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Could not copy the value to the clipboard', expect.any(DOMException)));
    expect(within(panel).getByRole('button', { name: 'Copy value' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));

    const table = screen.getByRole('table', { name: 'Information leaks' });
    const rows = within(table).getAllByRole('row').slice(1);
    (rows[2] as HTMLElement).focus();
    await user.keyboard('{Enter}');
    const example = await screen.findByRole('dialog', { name: 'Cloud provider key' });
    expect(router.state.location.search).toEqual({ item: 3 });
    expect(within(example).getByText('documentation example')).toBeInTheDocument();
    expect(within(within(example).getByRole('table', { name: 'Details' })).getByRole('row').textContent).toBe('typelong-term');
    expect(within(example).getByLabelText('Value')).toHaveTextContent(/^AKIA\*+MPLE$/);
    warn.mockRestore();
  });

  it('masks the part of a secret that the context cuts at either end, and masks each finding anew', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZG1pbiJ9.c2lnbmF0dXJlLXRoYXQtaXMtbG9uZw';
    serve(() =>
      list([
        buildInfoleak({ id: 4, kind: 'jwts', detector: 'jwt', value: token, masked: 'eyJh********************************bG9uZw', context: `Authorization: Bearer ${token.slice(0, 30)}` }),
        buildInfoleak({ id: 5, kind: 'jwts', detector: 'jwt', value: token, masked: 'eyJh********************************bG9uZw', context: `${token.slice(-20)}\nexit` }),
      ]),
    );
    const { router } = renderRoute('/product/42/info-leak?item=4');
    const panel = await screen.findByRole('dialog', { name: 'JWT' });
    expect(within(panel).getByLabelText('Context').textContent).toBe(`Authorization: Bearer ${'*'.repeat(30)}`);
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Reveal' }));
    expect(within(panel).getByLabelText('Context').textContent).toBe(`Authorization: Bearer ${token.slice(0, 30)}`);
    // The next finding starts masked again.
    await router.navigate({ to: '/product/$scanId/info-leak', params: { scanId: 42 }, search: { item: 5 } });
    await waitFor(() => expect(within(screen.getByRole('dialog', { name: 'JWT' })).getByLabelText('Context').textContent).toBe(`${'*'.repeat(20)}\nexit`));
  });

  it('says when nothing matches the filters, and drops filter values it does not know', async () => {
    const queries = serve(() => list([]));
    const { unmount } = renderRoute('/product/42/info-leak?kind=passwords&q=root');
    expect(await screen.findByText('No information leaks match these filters.')).toBeInTheDocument();
    expect(queries).toEqual(['?kind=passwords&search=root&limit=25&offset=0']);
    expect(screen.getByLabelText('Kind', { selector: 'input' })).toHaveValue('Passwords');
    expect(screen.getByLabelText('Search information leaks')).toHaveValue('root');
    unmount();
    const { router } = renderRoute('/product/42/info-leak?kind=secrets&decoys=maybe&item=x');
    expect(await screen.findByText('No information leaks to review in this scan; triaged ones are listed under "Show triaged".')).toBeInTheDocument();
    expect(queries.at(-1)).toBe('?limit=25&offset=0');
    expect(router.state.location.search).toEqual({});
    expect(screen.getByLabelText('Kind', { selector: 'input' })).toHaveValue('All kinds');
    expect(screen.getByRole('checkbox', { name: 'Show documentation examples' })).not.toBeChecked();
  });

  it("shows the server's reason while the scan is not ready", async () => {
    serve(() => HttpResponse.json({ detail: 'The scan is not ready yet' }, { status: 409 }));
    renderRoute('/product/42/info-leak');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The scan is not ready yet');
    expect(screen.queryByRole('table', { name: 'Information leaks' })).not.toBeInTheDocument();
  });
});
