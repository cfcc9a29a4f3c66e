import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type {
  AuthenticationSettings,
  BomSettings,
  CompanySettings,
  RetentionSettings,
  ScanSettings,
  UserDefaultSettings,
} from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const company: CompanySettings = {
  triage_enabled: true,
  triage_description_mandatory: false,
  enable_global_version_override: true,
  enable_group_version_override: true,
  enable_product_version_override: true,
  membership_inheritance_enabled: true,
  default_cvss_version: 3,
};
const bom: BomSettings = { sbom_format: 'cyclonedx', include_vulnerabilities: false };
const scan: ScanSettings = {
  max_upload_bytes: null,
  server_max_upload_bytes: 20_000_000_000,
  reuse_existing_scan: false,
  low_risk_tolerance: false,
  historical: false,
  cvss3_fallback: true,
  assume_unknown_version_latest: false,
  include_bdsa_vulnerabilities: false,
  prioritise_nvd: false,
};
const retention: RetentionSettings = { delete_binaries_after_days: null, delete_results_after_days: 90 };
const users: UserDefaultSettings = { display_local_time: false, container_default_view: 'list' };
const authentication: AuthenticationSettings = { session_idle_timeout_minutes: null, session_absolute_timeout_hours: 336, min_password_length: 12 };

type Patch = { url: string; body: Record<string, unknown> };

/** An administrator and the stored settings; PATCHes merge into them (or get `answer`'s reply) and are recorded. */
function serve(answer?: (patch: Patch) => Response | undefined) {
  const patches: Patch[] = [];
  const stored = { company: { ...company }, bom: { ...bom }, scan: { ...scan }, retention: { ...retention }, users: { ...users }, authentication: { ...authentication } };
  const patchOf = <T extends object>(url: string, target: T) => async ({ request }: { request: Request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    patches.push({ url, body });
    const reply = answer?.({ url, body });
    if (reply) return reply as never;
    Object.assign(target, body);
    return HttpResponse.json(target) as never;
  };
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ roles: ['AU'], permissions: ['change_companyaccount'] }))),
    knowledgeBaseAnswer(),
    mock.get('/rest/settings/company/', () => HttpResponse.json(stored.company)),
    mock.patch('/rest/settings/company/', patchOf('company', stored.company)),
    mock.get('/rest/settings/company/bom/', () => HttpResponse.json(stored.bom)),
    mock.patch('/rest/settings/company/bom/', patchOf('bom', stored.bom)),
    mock.get('/rest/settings/company/scan/', () => HttpResponse.json(stored.scan)),
    mock.patch('/rest/settings/company/scan/', patchOf('scan', stored.scan)),
    mock.get('/rest/settings/company/data-retention/', () => HttpResponse.json(stored.retention)),
    mock.patch('/rest/settings/company/data-retention/', patchOf('data-retention', stored.retention)),
    mock.get('/rest/settings/company/user/', () => HttpResponse.json(stored.users)),
    mock.patch('/rest/settings/company/user/', patchOf('user', stored.users)),
    mock.get('/rest/settings/company/authentication/', () => HttpResponse.json(stored.authentication)),
    mock.patch('/rest/settings/company/authentication/', patchOf('authentication', stored.authentication)),
  );
  return patches;
}

async function open(url: string, heading: string) {
  const view = renderRoute(url);
  await screen.findByRole('heading', { name: heading });
  return { ...view, user: userEvent.setup() };
}

describe('account settings', () => {
  it('opens on BOM with a tab per page, SSO included, and sends nothing while nothing changed', async () => {
    const patches = serve();
    const { router, user } = await open('/account-settings', 'Software bill of materials');
    expect(router.state.location.pathname).toBe('/account-settings/bom');
    const tabs = within(screen.getByRole('tablist')).getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual(['BOM', 'Scan', 'Data retention', 'Group', 'User', 'Authentication', 'Licences', 'SSO']);
    expect(screen.getByRole('tab', { name: 'SSO' })).toHaveAttribute('href', '/account-settings/sso');
    expect(screen.getByRole('combobox', { name: 'Default SBOM format' })).toHaveValue('CycloneDX');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    // On and off again is no change.
    await user.click(screen.getByRole('switch', { name: /Include vulnerabilities/ }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: /Include vulnerabilities/ }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(patches).toEqual([]);
  });

  it('sends only the changed field and shows it saved', async () => {
    const patches = serve();
    const { user } = await open('/account-settings/bom', 'Software bill of materials');
    await user.click(screen.getByRole('combobox', { name: 'Default SBOM format' }));
    await user.click(await screen.findByRole('option', { name: 'SPDX' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(patches).toEqual([{ url: 'bom', body: { sbom_format: 'spdx' } }]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('sends each section of the scan tab to its own settings, the CVSS version as a number', async () => {
    const patches = serve();
    const { user } = await open('/account-settings/scan', 'Uploads');
    const results = screen.getByRole('region', { name: 'Results and triage' });
    await user.click(within(results).getByRole('combobox', { name: 'Default CVSS version' }));
    await user.click(await screen.findByRole('option', { name: 'CVSS 4' }));
    await user.click(within(results).getByRole('button', { name: 'Save' }));
    const matching = screen.getByRole('region', { name: 'Vulnerability matching' });
    await user.click(within(matching).getByRole('switch', { name: /Historical vulnerabilities/ }));
    await user.click(within(matching).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches).toEqual([
      { url: 'company', body: { default_cvss_version: 4 } },
      { url: 'scan', body: { historical: true } },
    ]);
  });

  it("shows the server's field error under its field, and checks limits before sending", async () => {
    const patches = serve(({ url }) =>
      url === 'scan' ? HttpResponse.json({ max_upload_bytes: ["Ensure this value is less than or equal to 5000 (the server's upload cap)."] }, { status: 400 }) : undefined,
    );
    const { user } = await open('/account-settings/scan', 'Uploads');
    const uploads = screen.getByRole('region', { name: 'Uploads' });
    const size = within(uploads).getByRole('textbox', { name: 'Maximum upload size' });
    await user.type(size, '30000000000');
    await user.click(within(uploads).getByRole('button', { name: 'Save' }));
    expect(await within(uploads).findByText('Ensure this value is less than or equal to 20000000000.')).toBeInTheDocument();
    expect(patches).toEqual([]);

    await user.clear(size);
    await user.type(size, '6000');
    await user.click(within(uploads).getByRole('button', { name: 'Save' }));
    expect(await within(uploads).findByText("Ensure this value is less than or equal to 5000 (the server's upload cap).")).toBeInTheDocument();
    expect(patches).toEqual([{ url: 'scan', body: { max_upload_bytes: 6000 } }]);
  });

  it("asks before a shorter retention deletes data, and sends nothing on Cancel", async () => {
    const patches = serve();
    const { user } = await open('/account-settings/data-retention', 'Data retention');
    const results = screen.getByRole('textbox', { name: 'Delete results after' });
    expect(results).toHaveValue('90 days');
    await user.clear(results);
    await user.type(results, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change data retention?' });
    expect(dialog).toHaveTextContent('Data older than the new limit will be deleted permanently');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(patches).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(patches).toEqual([{ url: 'data-retention', body: { delete_results_after_days: 30 } }]));

    // Keeping data longer, or forever, deletes nothing: no question.
    await user.clear(results);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ url: 'data-retention', body: { delete_results_after_days: null } });
  });

  it('asks before turning membership inheritance off', async () => {
    const patches = serve();
    const { user } = await open('/account-settings/group', 'Group membership');
    await user.click(screen.getByRole('switch', { name: /Membership inheritance/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(patches).toEqual([{ url: 'company', body: { membership_inheritance_enabled: false } }]));
  });

  it('changes the defaults for new users and the session settings', async () => {
    const patches = serve();
    const { user, router } = await open('/account-settings/user', 'Defaults for new users');
    await user.click(screen.getByRole('switch', { name: /Show local time/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    await router.navigate({ to: '/account-settings/authentication' });
    const idle = await screen.findByRole('textbox', { name: 'Idle timeout' });
    expect(idle).toHaveAttribute('placeholder', 'No idle timeout');
    await user.type(idle, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches).toEqual([
      { url: 'user', body: { display_local_time: true } },
      { url: 'authentication', body: { session_idle_timeout_minutes: 30 } },
    ]);
  });

  it('sends a user without change_companyaccount to the forbidden page', async () => {
    server.use(mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ permissions: [] }))), knowledgeBaseAnswer());
    const { router } = renderRoute('/account-settings/scan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/403-forbidden'));
  });
});
