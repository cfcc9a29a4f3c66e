import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ComponentIgnore, ComponentMove, ResultComponent, VersionOverride } from '../../../lib/api-schemas.ts';
import { DEFAULT_COMPANY_SETTINGS } from '../../../testing/app-frame-handlers.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildComponent, buildGroup, buildResult, buildScan, buildScanSummary, buildUser, paged } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const LODASH_SHA1 = '69ff49be141f7ea79a0ae7797ce9264040d7813b';
const CORE_SHA1 = '0a4d55a8d778e5022fab701977c5d840bbc486d0';
const object = (sha1: string, path: string) => ({ sha1, exe_flags: [], matching_methods: ['package-metadata'], extended_fullpath: ['app.tar', path], docker: null });
const lodash = (overrides: Partial<ResultComponent> = {}) =>
  buildComponent({
    uid: 'c-lodash', lib: 'lodash', vendor: '', version: '4.17.20', codetype: 'JS', purl: 'pkg:npm/lodash@4.17.20', license: ['MIT'],
    objects: [object(LODASH_SHA1, 'node_modules/lodash/package.json'), object(CORE_SHA1, 'node_modules/lodash/core.js')],
    ...overrides,
  });
const sdk = buildComponent({ uid: 'c-sdk', lib: 'vendor-sdk', vendor: '', version: '2.0.0', codetype: 'JS', objects: [object('1'.repeat(40), 'vendor/sdk/package.json')] });

const CHANGES = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];

interface State {
  components: ResultComponent[];
  versions: VersionOverride[];
  ignores: ComponentIgnore[];
  moves: ComponentMove[];
  calls: string[];
}

/** The scan, its result and adjustments (kept in `state`), answering changes as the server does. */
function answer({ permissions = CHANGES, user = buildUser(), settings = DEFAULT_COMPANY_SETTINGS, components = [lodash(), sdk] } = {}): State {
  const state: State = { components, versions: [], ignores: [], moves: [], calls: [] };
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(user)),
    mock.get('/rest/settings/company/', () => HttpResponse.json(settings)),
    knowledgeBaseAnswer(),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup({ user_permissions: permissions }))),
    mock.get('/rest/scans/{id}/', () => HttpResponse.json(buildScan({ name: 'app.tar' }))),
    mock.get('/rest/scans/{id}/result/', () => HttpResponse.json(buildResult(state.components))),
    mock.get('/rest/scans/{id}/licenses/', () => HttpResponse.json([])),
    mock.get('/rest/scans/{id}/scan_summary/', () => HttpResponse.json(buildScanSummary())),
    mock.get('/rest/scans/{id}/evidence/', () => HttpResponse.json({ evidence: [], contained_in: [] })),
    mock.get('/rest/version-override/', () => HttpResponse.json(paged(state.versions))),
    mock.get('/rest/component-ignores/', () => HttpResponse.json(paged(state.ignores))),
    mock.get('/rest/scans/{id}/component-adjustments/', () => HttpResponse.json(paged(state.moves))),
    mock.post('/rest/version-override/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.calls.push(`POST version ${JSON.stringify(body)}`);
      if (body['version'] === 'x') return HttpResponse.json({ version: ['Not a version this component has.'] }, { status: 400 });
      const made: VersionOverride = {
        id: 5, url: '/rest/version-override/5/', component_name: 'lodash', hashes: body['hashes'] as string[], version: String(body['version']),
        scope: body['scope'] as 1, group_scope: null, result_scope: 42, user: 1, created: '2026-05-01T10:00:00Z',
      };
      state.versions = [made];
      state.components = [lodash({ version: made.version, custom_version: made.version, detected_version: '4.17.20' }), sdk];
      return HttpResponse.json(made, { status: 201 });
    }),
    mock.delete('/rest/version-override/{id}/', ({ params }) => {
      state.calls.push(`DELETE version ${String(params['id'])}`);
      state.versions = [];
      state.components = [lodash(), sdk];
      return new HttpResponse(null, { status: 204 });
    }),
    mock.post('/rest/license-override/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.calls.push(`POST licence ${JSON.stringify(body)}`);
      return HttpResponse.json({
        id: 8, url: '/rest/license-override/8/', scan: 42, component_name: 'lodash', component_version: null, scope: 3, group_scope: null, result_scope: null,
        license_name: String(body['license_name']), user: 1, created: '2026-05-01T10:00:00Z',
      }, { status: 201 });
    }),
    mock.post('/rest/component-name-overrides/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      state.calls.push(`POST name ${JSON.stringify(body)}`);
      return HttpResponse.json({
        id: 4, url: '/rest/component-name-overrides/4/', display_name: String(body['display_name']), component_id: null, mimir_name: 'lodash', mimir_codetype: 'JS',
        mimir_vendor: null, mimir_variant: null, user: 1, created: '2026-05-01T10:00:00Z',
      }, { status: 201 });
    }),
    mock.post('/rest/component-ignores/', async ({ request }) => {
      state.calls.push(`POST ignore ${JSON.stringify(await request.json())}`);
      return HttpResponse.json({ detail: 'You do not have permission to perform this action.' }, { status: 403 });
    }),
    mock.post('/rest/scans/{id}/component-adjustments/', async ({ request }) => {
      const body = (await request.json()) as { from_uid: string; to_uid: string; hashes: string[] };
      state.calls.push(`POST move ${JSON.stringify(body)}`);
      const move: ComponentMove = { id: 3, url: '/rest/scans/42/component-adjustments/3/', scan: 42, ...body, user: 1, created: '2026-05-01T10:00:00Z' };
      state.moves = [move];
      state.components = [buildComponent({ ...sdk, objects: [...sdk.objects, ...lodash().objects] })];
      return HttpResponse.json(move, { status: 201 });
    }),
  );
  return state;
}

const panel = () => screen.findByRole('dialog', { name: /lodash|vendor-sdk/ }, { timeout: 15_000 });
const adjustments = async () => within(await panel()).findByRole('region', { name: 'Adjustments' });

describe("a component's adjustments in the analysis tab", () => {
  it('overrides the version on every file at an allowed scope, shows it struck beside the detected one, and removes it after a warning', async () => {
    const state = answer({ settings: { ...DEFAULT_COMPANY_SETTINGS, enable_group_version_override: false } });
    renderRoute('/product/42/analysis?component=c-lodash');
    await userEvent.click(await within(await adjustments()).findByRole('button', { name: 'Override version' }));

    const dialog = await screen.findByRole('dialog', { name: 'Override the version of lodash' });
    // Only the scopes the company allows and the user may use: no group (switch off), no global (not an administrator).
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Holds for' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['This application only']);
    await userEvent.keyboard('{Escape}');
    expect(within(dialog).getAllByRole('checkbox').map((box) => (box as HTMLInputElement).checked)).toEqual([true, true]);
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Version' }), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override version' }));
    expect(await within(dialog).findByText('Not a version this component has.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByRole('textbox', { name: 'Version' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Version' }), '4.17.21');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override version' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Override the version of lodash' })).not.toBeInTheDocument());
    expect(state.calls[1]).toBe(`POST version ${JSON.stringify({ scan: 42, component_name: 'lodash', hashes: [LODASH_SHA1, CORE_SHA1], version: '4.17.21', scope: 1, result_scope: 42 })}`);

    const list = await within(await adjustments()).findByRole('list', { name: 'Current adjustments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Version4.17.21 (shown)This applicationRemove']));
    const table = screen.getByRole('table', { name: 'Components' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('4.17.214.17.20 overridden');

    await userEvent.click(within(list).getByRole('button', { name: 'Remove version: 4.17.21 (shown)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove version override' });
    expect(confirm).toHaveTextContent('Remove the version override 4.17.21 of lodash? The results of every application it reaches are recalculated');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(state.calls.at(-1)).toBe('DELETE version 5'));
    expect(await within(await adjustments()).findByText('No version, licence or name overrides, ignores or moved files.')).toBeInTheDocument();
  }, 30_000);

  it('moves every file to another component and shows that one, the source gone', async () => {
    const state = answer();
    const { router } = renderRoute('/product/42/analysis?component=c-lodash');
    await userEvent.click(await within(await adjustments()).findByRole('button', { name: 'Move files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move files of lodash 4.17.20' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Move to' }));
    await userEvent.click(await screen.findByRole('option', { name: 'vendor-sdk 2.0.0' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'All' }));
    expect(within(dialog).getByRole('status')).toHaveTextContent('lodash 4.17.20 keeps no file and disappears from the result.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move files' }));
    await waitFor(() => expect(router.state.location.search).toMatchObject({ component: 'c-sdk' }));
    expect(state.calls).toEqual([`POST move ${JSON.stringify({ from_uid: 'c-lodash', to_uid: 'c-sdk', hashes: [LODASH_SHA1, CORE_SHA1] })}`]);
    const list = await within(await adjustments()).findByRole('list', { name: 'Current adjustments' });
    await waitFor(() => expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Moved2 files from a component the move emptiedUndo']));
  }, 30_000);

  it('hides Rename from a user who is not an administrator, and shows what the server refuses', async () => {
    answer({ user: buildUser({ permissions: ['add_vulnerabilityinvalidation'] }) });
    renderRoute('/product/42/analysis?component=c-lodash');
    const section = await adjustments();
    await waitFor(() => expect(within(section).getAllByRole('button').map((button) => button.textContent)).toEqual(['Override version', 'Override licence', 'Ignore component', 'Move files']));
    await userEvent.click(within(section).getByRole('button', { name: 'Ignore component' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ignore lodash' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ignore component' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You do not have permission to perform this action.');
  }, 30_000);

  it('overrides the licence globally and renames the component, as an administrator', async () => {
    const state = answer({ user: buildUser({ roles: ['AU'], permissions: ['change_companyaccount'] }) });
    renderRoute('/product/42/analysis?component=c-lodash');
    await userEvent.click(await within(await adjustments()).findByRole('button', { name: 'Override licence' }));
    const dialog = await screen.findByRole('dialog', { name: 'Override the licence of lodash' });
    await userEvent.type(within(dialog).getByRole('combobox', { name: 'Licence' }), 'MIT OR Apache-2.0');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Only version 4.17.20' }));
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Holds for' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Every application (global)' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Override licence' }));
    await waitFor(() => expect(state.calls).toEqual([`POST licence ${JSON.stringify({ scan: 42, component_name: 'lodash', license_name: 'MIT OR Apache-2.0', component_version: null, scope: 3 })}`]));

    await userEvent.click(await within(await adjustments()).findByRole('button', { name: 'Rename' }));
    const rename = await screen.findByRole('dialog', { name: 'Rename lodash' });
    await userEvent.clear(within(rename).getByRole('textbox', { name: 'Display name' }));
    await userEvent.type(within(rename).getByRole('textbox', { name: 'Display name' }), 'Lo-Dash');
    await userEvent.click(within(rename).getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(state.calls[1]).toBe(`POST name ${JSON.stringify({ display_name: 'Lo-Dash', mimir_name: 'lodash', mimir_codetype: 'JS' })}`));
  }, 30_000);

  it('lists adjustments read-only for a member of the group', async () => {
    answer({ permissions: ['view_appcheckgroup'], components: [lodash({ license: ['Apache-2.0'], license_overrides: [{ id: 9, scan: 42, component_name: 'lodash', component_version: null, scope: 3, group_scope: null, result_scope: null, license_name: 'Apache-2.0' }] }), sdk] });
    renderRoute('/product/42/analysis?component=c-lodash');
    const section = await adjustments();
    const list = await within(section).findByRole('list', { name: 'Current adjustments' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['LicenceApache-2.0 (shown), every versionGlobal']);
    expect(within(section).queryAllByRole('button')).toEqual([]);
  }, 30_000);
});
