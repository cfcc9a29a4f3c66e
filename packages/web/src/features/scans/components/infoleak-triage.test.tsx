import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { InfoleakItem, InfoleakTriage } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { DEFAULT_COMPANY_SETTINGS } from '../../../testing/app-frame-handlers.ts';
import { buildScan, buildUser, paged } from '../../../testing/builders.ts';
import { scanPageAnswers } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

function buildLeak(overrides: Partial<InfoleakItem> = {}): InfoleakItem {
  return {
    id: 1,
    kind: 'urls',
    detector: 'url',
    path: ['openwrt-23.05.bin', 'rootfs.squashfs', 'etc/opkg.conf'],
    offset: null,
    line: 2,
    value: 'https://downloads.binlens-demo.org/feed',
    masked: null,
    context: 'src/gz core https://downloads.binlens-demo.org/feed',
    details: null,
    decoy: false,
    revealable: false,
    triages: [],
    ...overrides,
  };
}

const URL_LEAK = buildLeak();
const EMAIL_LEAK = buildLeak({ id: 2, kind: 'emails', detector: 'email', value: 'ops@binlens-demo.org', context: 'contact = ops@binlens-demo.org' });
const MIRROR_LEAK = buildLeak({ id: 3, value: 'https://mirror.binlens-demo.org/', context: 'mirror = https://mirror.binlens-demo.org/' });

const TRIAGE: InfoleakTriage = {
  id: 9,
  url: '/rest/infoleak/urls/triage/9/',
  kind: 'urls',
  scan_id: 42,
  rationale: 'U',
  description: 'Our own package feed.',
  scope: 'FN',
  group_scope: null,
  result_scope: 42,
  application_name: 'openwrt-23.05.bin',
  file_hash: null,
  user: 1,
  user_name: 'ada',
  created: '2026-03-05T08:09:00Z',
};

const TRIAGER = buildUser({ roles: ['SR'], permissions: ['add_vulnerabilityinvalidation'] });

interface Served {
  queries: string[];
  posts: { kind: string; body: unknown }[];
  deletes: string[];
}

/**
 * The tab's answers for `user`: the matched list is `matched` until a triage is made, then
 * `afterTriage` (answered only after `refetchDelay` ms, so that the cache update shows first).
 */
function serve(options: { user?: ReturnType<typeof buildUser>; triageEnabled?: boolean; descriptionMandatory?: boolean; matched?: InfoleakItem[]; triaged?: InfoleakItem[]; afterTriage?: InfoleakItem[]; refetchDelay?: number; postAnswer?: () => Response }) {
  const served: Served = { queries: [], posts: [], deletes: [] };
  let changed = false;
  let removed = false;
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(options.user ?? TRIAGER)),
    mock.get('/rest/settings/company/', () =>
      HttpResponse.json({ ...DEFAULT_COMPANY_SETTINGS, triage_enabled: options.triageEnabled ?? true, triage_description_mandatory: options.descriptionMandatory ?? false }),
    ),
    mock.get('/rest/scans/', () => HttpResponse.json(paged([buildScan(), buildScan({ id: 43, url: '/rest/scans/43/', name: 'openwrt-23.05-rc1.bin' })]))),
    ...scanPageAnswers(),
    mock.get('/rest/scans/{id}/infoleak/', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      served.queries.push(query.toString());
      if (query.get('triaged') === 'true') return HttpResponse.json(paged(removed ? [] : (options.triaged ?? [])));
      if (changed) {
        await delay(options.refetchDelay ?? 0);
        return HttpResponse.json(paged(options.afterTriage ?? []));
      }
      return HttpResponse.json(paged(options.matched ?? [URL_LEAK, EMAIL_LEAK, MIRROR_LEAK]));
    }),
    mock.post('/rest/infoleak/{kind}/triage/', async ({ params, request }) => {
      const body = (await request.json()) as { triaged_obj: number[] };
      served.posts.push({ kind: String(params['kind']), body });
      if (options.postAnswer) return options.postAnswer();
      changed = true;
      const group = String(params['kind']).replaceAll('-', '_');
      return HttpResponse.json({ triages: [{ ...TRIAGE, kind: group }], group, triagedIds: body.triaged_obj, unTriagedIds: [] }, { status: 201 });
    }),
    mock.delete('/rest/infoleak/{kind}/triage/{id}/', ({ params, request }) => {
      served.deletes.push(`${String(params['kind'])} ${String(params['id'])} ${new URL(request.url).search}`);
      removed = true;
      return HttpResponse.json({ group: 'urls', triagedIds: [], unTriagedIds: [1] });
    }),
  );
  return served;
}

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('info leak triage', () => {
  it('triages the selected findings, one request per kind, and moves them out of the list before it is fetched again', async () => {
    const served = serve({ afterTriage: [MIRROR_LEAK], refetchDelay: 10_000 });
    renderRoute('/product/42/info-leak');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    const user = userEvent.setup();
    const triage = screen.getByRole('button', { name: 'Triage' });
    expect(triage).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select URL https://downloads.binlens-demo.org/feed' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select Email address ops@binlens-demo.org' }));
    await user.click(triage);

    const dialog = await screen.findByRole('dialog', { name: 'Triage 2 findings' });
    expect(within(dialog).getByText(/^1 URL, 1 Email address\./)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Scope', { selector: 'input' })).toHaveValue('Application');
    expect(within(dialog).getByText('Only in this application.')).toBeInTheDocument();
    expect(await within(dialog).findByLabelText('Application', { selector: 'input' })).toHaveValue('openwrt-23.05.bin (this one)');
    expect(within(dialog).getByLabelText('Rationale', { selector: 'input' })).toHaveValue('Uninteresting match');
    await user.click(within(dialog).getByLabelText('Scope', { selector: 'input' }));
    await user.click(await screen.findByRole('option', { name: 'Application name' }));
    expect(within(dialog).getByText('In every application named openwrt-23.05.bin, in any group, uploads to come included.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), '  Our own feed and support address.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Triage' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = { scope: 'FN', rationale: 'U', description: 'Our own feed and support address.', result_scope: 42, scan: 42 };
    expect(served.posts).toEqual([
      { kind: 'urls', body: { ...body, triaged_obj: [1] } },
      { kind: 'emails', body: { ...body, triaged_obj: [2] } },
    ]);
    // The answers' triagedIds left the list at once; the list asked again is still on its way.
    expect(rowsOf(screen.getByRole('table', { name: 'Information leaks' })).map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual([
      'https://mirror.binlens-demo.org/',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('2 findings triaged: "Show triaged" lists them.');
    expect(served.queries.at(-1)).toBe('limit=25&offset=0');
  });

  it('lists the triaged findings with their triage, and removes a triage after Yes', async () => {
    const served = serve({ triaged: [{ ...URL_LEAK, triages: [TRIAGE] }] });
    const { router } = renderRoute('/product/42/info-leak');
    await screen.findByRole('table', { name: 'Information leaks' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Show triaged' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ triaged: true }));
    const table = await screen.findByRole('table', { name: 'Triaged information leaks' });
    expect(served.queries.at(-1)).toBe('triaged=true&limit=25&offset=0');
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Kind', 'Value', 'File', 'Triage', 'Detector']);
    expect(within(rowsOf(table)[0] as HTMLElement).getAllByRole('cell')[3]?.textContent).toBe('Uninteresting matchApplication name: openwrt-23.05.binada · 2026-03-05 08:09 UTC');
    // No selection in the triaged list: a triage is removed from the finding's panel.
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(table).getByText('https://downloads.binlens-demo.org/feed'));
    const panel = await screen.findByRole('dialog', { name: 'URL' });
    const card = within(panel).getByLabelText('Triage 9');
    expect(card.textContent).toBe('Uninteresting matchRemove triageApplication name: openwrt-23.05.binOur own package feed.ada · 2026-03-05 08:09 UTC');
    await user.click(within(card).getByRole('button', { name: 'Remove triage' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove triage' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(served.deletes).toEqual(['urls 9 ?scan=42']));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Triaged information leaks' })).toHaveTextContent('No triaged information leaks in this scan.'));
  });

  it('offers no triage to a user without the permission, or when the account turned triage off', async () => {
    serve({ user: buildUser() });
    const { unmount } = renderRoute('/product/42/info-leak?item=1');
    const table = await screen.findByRole('table', { name: 'Information leaks' });
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Triage' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Show triaged' })).toBeInTheDocument();
    unmount();

    serve({ triageEnabled: false });
    renderRoute('/product/42/info-leak?item=1');
    const panel = await screen.findByRole('dialog', { name: 'URL' });
    expect(within(panel).queryByRole('button', { name: 'Triage' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Information leaks' })).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it("asks for a description when the account wants one, and shows the server's refusals in the dialog", async () => {
    let answer: Response = HttpResponse.json({ triaged_obj: ['The scan has no urls finding with the id 1.'] }, { status: 400 });
    const served = serve({ descriptionMandatory: true, postAnswer: () => answer });
    renderRoute('/product/42/info-leak?item=1');
    const panel = await screen.findByRole('dialog', { name: 'URL' });
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Triage' }));
    const dialog = await screen.findByRole('dialog', { name: 'Triage 1 finding' });
    await user.click(within(dialog).getByRole('button', { name: 'Triage' }));
    expect(await within(dialog).findByText('The account asks for a description with every triage.')).toBeInTheDocument();
    expect(served.posts).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Known.');
    await user.click(within(dialog).getByRole('button', { name: 'Triage' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The scan has no urls finding with the id 1.');
    answer = HttpResponse.json({ detail: 'Triage is turned off for this account: an administrator can turn it on in the account settings (triage_enabled).' }, { status: 403 });
    await user.click(within(dialog).getByRole('button', { name: 'Triage' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('Triage is turned off for this account'));
    expect(served.posts).toHaveLength(2);
  });
});
