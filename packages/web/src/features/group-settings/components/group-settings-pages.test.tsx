import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { GroupRetentionSettings, GroupScanSettings } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildGroup, buildUser } from '../../../testing/builders.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const MANAGER = ['view_appcheckgroup', 'upload_application', 'change_appcheckgroup'];
const inherited = <T,>(company: T) => ({ override: null, effective: company, source: 'company' as const, company });
const own = <T,>(value: T, company: T) => ({ override: value, effective: value, source: 'group' as const, company });

function signedIn(permissions = MANAGER) {
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser())),
    mock.get('/rest/groups/{id}/', () => HttpResponse.json(buildGroup({ id: 7, user_permissions: permissions }))),
  );
}

describe('group settings → overrides of the company settings', () => {
  it("shows the company's retention periods, asks 'Yes' before a shorter one and sends only the changed field", async () => {
    signedIn();
    let settings: GroupRetentionSettings = { delete_binaries_after_days: inherited(90), delete_results_after_days: inherited(null) };
    const sent: unknown[] = [];
    server.use(
      mock.get('/rest/groups/{id}/settings/data-retention/', () => HttpResponse.json(settings)),
      mock.patch('/rest/groups/{id}/settings/data-retention/', async ({ request }) => {
        const body = (await request.json()) as { delete_binaries_after_days?: number | null };
        sent.push(body);
        settings = { ...settings, delete_binaries_after_days: body.delete_binaries_after_days ? own(body.delete_binaries_after_days, 90) : inherited(90) };
        return HttpResponse.json(settings);
      }),
    );
    renderRoute('/groups/7/settings/data-retention');
    expect(await screen.findByRole('tab', { name: 'Data retention', selected: true })).toBeInTheDocument();
    const binaries = screen.getByRole('group', { name: 'Delete binaries after' });
    expect(within(binaries).getByText('Company default: 90 days')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Delete results after' })).getByText('Company default: Keep forever')).toBeInTheDocument();
    const days = within(binaries).getByRole('textbox', { name: 'Delete binaries after' });
    expect(days).toBeDisabled();

    await userEvent.click(within(binaries).getByRole('checkbox', { name: 'Override for this group' }));
    await userEvent.clear(days);
    await userEvent.type(days, '30');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Shorten data retention?' });
    expect(sent).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('The changes are stored.')).toBeInTheDocument();
    expect(sent).toEqual([{ delete_binaries_after_days: 30 }]);

    // Back to inheriting: null, and no confirmation since the period grows.
    await userEvent.click(within(binaries).getByRole('checkbox', { name: 'Override for this group' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ delete_binaries_after_days: 30 }, { delete_binaries_after_days: null }]));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('overrides one scan option, sending only that field', async () => {
    signedIn();
    const company = { reuse_existing_scan: false, low_risk_tolerance: false, historical: false, cvss3_fallback: true, assume_unknown_version_latest: false, include_bdsa_vulnerabilities: false, prioritise_nvd: false };
    const settings = Object.fromEntries(Object.entries(company).map(([name, value]) => [name, inherited(value)])) as GroupScanSettings;
    const sent: unknown[] = [];
    server.use(
      mock.get('/rest/groups/{id}/settings/scan/', () => HttpResponse.json(settings)),
      mock.patch('/rest/groups/{id}/settings/scan/', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ ...settings, historical: own(true, false) });
      }),
    );
    renderRoute('/groups/7/settings/scan');
    const historical = await screen.findByRole('group', { name: 'Historical vulnerabilities' });
    expect(within(historical).getByText('Company default: Off')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(historical).getByRole('checkbox', { name: 'Override for this group' }));
    await userEvent.click(within(historical).getByRole('switch', { name: /Historical vulnerabilities/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ historical: true }]));
  });

  it("lists the group's licences with their policy class", async () => {
    signedIn();
    server.use(
      mock.get('/rest/groups/{id}/settings/licenses/', ({ params }) =>
        String(params.id) === '7'
          ? HttpResponse.json({ scans: 3, licenses: [{ license: 'GPL-2.0-only', scans: 2, components: 4, policy: 'RE' }, { license: 'MIT', scans: 1, components: 1200, policy: 'PE' }] })
          : HttpResponse.json({ detail: 'Not found.' }, { status: 404 }),
      ),
    );
    renderRoute('/groups/7/settings/licenses');
    const table = await screen.findByRole('table', { name: 'Group licences' });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([['GPL-2.0-only', 'RE', '2', '4'], ['MIT', 'PE', '1', '1 200']]);
    expect(screen.getByText(/Over 3 ready applications of this group/)).toBeInTheDocument();
  });
});
