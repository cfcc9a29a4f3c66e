import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { CompanySettings, SsoSettings } from '../../../lib/api-schemas.ts';
import { mock } from '../../../testing/api-mocks.ts';
import { buildUser } from '../../../testing/builders.ts';
import { knowledgeBaseAnswer } from '../../../testing/handlers.ts';
import { renderRoute } from '../../../testing/render-with-providers.tsx';
import { server } from '../../../testing/server.ts';

const CERTIFICATE = '-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIUQ\n-----END CERTIFICATE-----';
const company: CompanySettings = {
  triage_enabled: true,
  triage_description_mandatory: false,
  enable_global_version_override: true,
  enable_group_version_override: true,
  enable_product_version_override: true,
  membership_inheritance_enabled: true,
  default_cvss_version: 3,
};
const stored: SsoSettings = {
  enabled: false,
  idp_entity_id: '',
  idp_sso_url: '',
  idp_certificates: '',
  idp_certificate_details: [],
  sp_entity_id: '',
  email_attribute: '',
  create_unknown_users: false,
  button_label: 'single sign-on',
  service_provider: {
    entity_id: 'https://binlens.example.com/rest/sso/metadata/',
    acs_url: 'https://binlens.example.com/rest/sso/acs/',
    metadata_url: 'https://binlens.example.com/rest/sso/metadata/',
  },
};

/** An administrator and the stored SSO settings; PATCH bodies are recorded and merged, unless `answer` replies. */
function serve(answer?: (body: Record<string, unknown>) => Response | undefined) {
  const patches: Record<string, unknown>[] = [];
  const settings = { ...stored };
  server.use(
    mock.get('/rest/users/me/', () => HttpResponse.json(buildUser({ roles: ['AU'], permissions: ['change_companyaccount'] }))),
    knowledgeBaseAnswer(),
    mock.get('/rest/settings/company/', () => HttpResponse.json(company)),
    mock.get('/rest/settings/sso/', () => HttpResponse.json(settings)),
    mock.patch('/rest/settings/sso/', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push(body);
      const reply = answer?.(body);
      if (reply) return reply as never;
      Object.assign(settings, body, body.idp_certificates ? { idp_certificate_details: [{ subject: 'CN=idp.example.com', valid_to: '2027-01-31T12:00:00.000Z' }] } : {});
      return HttpResponse.json(settings);
    }),
  );
  return patches;
}

async function open() {
  const view = renderRoute('/account-settings/sso');
  await screen.findByRole('heading', { name: 'Single sign-on (SAML 2.0)' });
  return { ...view, user: userEvent.setup() };
}

describe('the SSO settings page', () => {
  it('shows what to give the IdP, and sends nothing while nothing changed', async () => {
    const patches = serve();
    const { user } = await open();
    expect(screen.getByRole('tab', { name: 'SSO' })).toHaveAttribute('aria-selected', 'true');
    const provider = screen.getByRole('region', { name: 'Binlens as service provider' });
    expect(within(provider).getByLabelText('Assertion consumer service URL (HTTP-POST)')).toHaveTextContent('https://binlens.example.com/rest/sso/acs/');
    expect(within(provider).getByLabelText('Metadata URL')).toHaveTextContent('https://binlens.example.com/rest/sso/metadata/');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Button label' }), ' ');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(patches).toEqual([]);
  });

  it('sends only the changed fields and lists the stored certificate', async () => {
    const patches = serve();
    const { user } = await open();
    await user.click(screen.getByRole('switch', { name: 'Offer single sign-on on the login page' }));
    await user.type(screen.getByRole('textbox', { name: 'IdP entity id' }), 'https://idp.example.com/saml');
    await user.type(screen.getByRole('textbox', { name: 'IdP single sign-on URL' }), 'https://idp.example.com/sso');
    await user.click(screen.getByRole('textbox', { name: 'IdP signing certificates' }));
    await user.paste(CERTIFICATE);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Settings saved');
    expect(patches).toEqual([{ enabled: true, idp_entity_id: 'https://idp.example.com/saml', idp_sso_url: 'https://idp.example.com/sso', idp_certificates: CERTIFICATE }]);
    expect(screen.getByRole('list', { name: 'Stored certificates' })).toHaveTextContent('CN=idp.example.com, valid until 2027-01-31 12:00 UTC');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("shows the server's field errors under their fields", async () => {
    const patches = serve(() =>
      HttpResponse.json({ idp_sso_url: ['Enter an http:// or https:// URL.'], idp_certificates: ['Certificate 1 is not a valid X.509 certificate.'] }, { status: 400 }),
    );
    const { user } = await open();
    await user.type(screen.getByRole('textbox', { name: 'IdP single sign-on URL' }), 'ftp://idp.example.com');
    await user.type(screen.getByRole('textbox', { name: 'IdP signing certificates' }), 'nonsense');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter an http:// or https:// URL.')).toBeInTheDocument();
    expect(screen.getByText('Certificate 1 is not a valid X.509 certificate.')).toBeInTheDocument();
    expect(patches).toEqual([{ idp_sso_url: 'ftp://idp.example.com', idp_certificates: 'nonsense' }]);
  });

  it('sends pasted IdP metadata alone, then shows what the server took from it', async () => {
    const patches = serve((body) => {
      if (!body.idp_metadata) return undefined;
      return HttpResponse.json({ ...stored, idp_entity_id: 'https://idp.example.com/saml', idp_sso_url: 'https://idp.example.com/sso', idp_certificates: CERTIFICATE });
    });
    const { user } = await open();
    await user.click(screen.getByRole('textbox', { name: 'Import IdP metadata' }));
    await user.paste('<md:EntityDescriptor entityID="https://idp.example.com/saml"/>');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'IdP entity id' })).toHaveValue('https://idp.example.com/saml'));
    expect(patches).toEqual([{ idp_metadata: '<md:EntityDescriptor entityID="https://idp.example.com/saml"/>' }]);
    expect(screen.getByRole('textbox', { name: 'Import IdP metadata' })).toHaveValue('');
  });
});
