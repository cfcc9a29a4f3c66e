import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/app.ts';
import { DATABASES } from '../../../test/databases.ts';
import { newSession, type TestSession } from '../../../test/login.ts';
import { generateKeyPair, type KeyPair } from './testing/key-pair.ts';
import { IDP_ENTITY_ID, IDP_SSO_URL } from './testing/sso-flow.ts';

const BASE = 'http://localhost:80';
const SERVICE_PROVIDER = { entity_id: `${BASE}/rest/sso/metadata/`, acs_url: `${BASE}/rest/sso/acs/`, metadata_url: `${BASE}/rest/sso/metadata/` };

const body = (certificate: string) => certificate.split('\n').filter((line) => line !== '' && !line.startsWith('-----')).join('');

describe.each(DATABASES)('single sign-on settings on %s', (kind) => {
  let t: TestApp;
  let admin: TestSession;
  let user: TestSession;
  let keys: KeyPair;

  beforeAll(async () => {
    keys = await generateKeyPair('idp.example.test');
    t = await startTestApp(kind);
    admin = await newSession(t.app, t.database, ['AU']);
    user = await newSession(t.app, t.database, ['U']);
  });
  afterAll(() => t.close());

  const patch = (payload: object, session: TestSession | null = admin) =>
    t.app.inject({ method: 'PATCH', url: '/rest/settings/sso/', ...(session ? { headers: session.headers } : {}), payload });
  const events = async () => {
    const result = await t.database.db.execute("select actor_id, level, details from audit_events where action = 'settings.sso.update' order by id");
    return (result as unknown as { rows: { actor_id: number; level: number; details: { changes: Record<string, unknown> } }[] }).rows;
  };

  it('answers the defaults, the SP URLs derived from where Binlens is reached', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/rest/settings/sso/', headers: admin.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enabled: false,
      idp_entity_id: '',
      idp_sso_url: '',
      idp_certificates: '',
      idp_certificate_details: [],
      sp_entity_id: '',
      email_attribute: '',
      create_unknown_users: false,
      button_label: 'single sign-on',
      service_provider: SERVICE_PROVIDER,
    });
    expect(await t.app.inject({ method: 'GET', url: '/rest/sso/' }).then((r) => r.json())).toEqual({ enabled: false, label: 'single sign-on' });
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/rest/settings/sso/', headers: user.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/rest/settings/sso/' })).statusCode).toBe(401);
    expect((await patch({ enabled: true }, user)).statusCode).toBe(403);
  });

  it('refuses what is not a certificate or an http(s) URL, field by field, writing nothing', async () => {
    const response = await patch({ idp_sso_url: 'javascript:alert(1)', idp_certificates: '-----BEGIN CERTIFICATE-----\nbm90IGEgY2VydA==\n-----END CERTIFICATE-----', button_label: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      idp_sso_url: ['Enter an http:// or https:// URL.'],
      idp_certificates: ['Certificate 1 is not a valid X.509 certificate.'],
      button_label: ['This field may not be blank.'],
    });
    expect((await patch({ idp_certificates: 'hello' })).json()).toEqual({
      idp_certificates: ['Enter one or more PEM X.509 certificates (-----BEGIN CERTIFICATE----- … -----END CERTIFICATE-----).'],
    });
    expect((await patch({ enabled: true })).json()).toEqual({
      idp_entity_id: ['Required while single sign-on is on.'],
      idp_sso_url: ['Required while single sign-on is on.'],
      idp_certificates: ['Required while single sign-on is on.'],
    });
    expect(await events()).toEqual([]);
  });

  it('turns on with the IdP given field by field, audited once; an equal PATCH writes nothing', async () => {
    const response = await patch({ enabled: true, idp_entity_id: IDP_ENTITY_ID, idp_sso_url: IDP_SSO_URL, idp_certificates: keys.certificate, button_label: 'Example IdP' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      enabled: true,
      idp_entity_id: IDP_ENTITY_ID,
      idp_sso_url: IDP_SSO_URL,
      idp_certificates: keys.certificate.trim(),
      idp_certificate_details: [{ subject: 'CN=idp.example.test' }],
      button_label: 'Example IdP',
      service_provider: SERVICE_PROVIDER,
    });
    expect(await t.app.inject({ method: 'GET', url: '/rest/sso/' }).then((r) => r.json())).toEqual({ enabled: true, label: 'Example IdP' });
    expect((await patch({ enabled: true, button_label: 'Example IdP' })).statusCode).toBe(200);
    expect(await events()).toEqual([{
      actor_id: admin.userId,
      level: 4,
      details: {
        changes: {
          enabled: [false, true],
          idpEntityId: ['', IDP_ENTITY_ID],
          idpSsoUrl: ['', IDP_SSO_URL],
          idpCertificates: { certificates: 1 },
          buttonLabel: ['single sign-on', 'Example IdP'],
          spBaseUrl: ['', BASE],
        },
      },
    }]);
  });

  it('takes the IdP from its metadata', async () => {
    const metadata = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://other-idp.example.test/saml">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${body(keys.certificate)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="https://other-idp.example.test/post"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://other-idp.example.test/redirect"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
    const response = await patch({ idp_metadata: metadata });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ idp_entity_id: 'https://other-idp.example.test/saml', idp_sso_url: 'https://other-idp.example.test/redirect', idp_certificates: keys.certificate.trim() });
    expect((await patch({ idp_metadata: '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>' })).json())
      .toEqual({ idp_metadata: ['The metadata holds no IdP (an EntityDescriptor with an IDPSSODescriptor).'] });
    expect((await patch({ idp_metadata: '<!DOCTYPE a [<!ENTITY b SYSTEM "file:///etc/passwd">]><a>&b;</a>' })).json()).toEqual({ idp_metadata: ['Metadata with a DOCTYPE is not accepted.'] });
    expect((await patch({ idp_metadata: '<a><b></a>' })).json()).toEqual({ idp_metadata: ['The metadata is not well-formed XML.'] });
  });

  it('publishes the SP metadata with the ACS URL', async () => {
    await patch({ sp_entity_id: 'urn:binlens:test' });
    const response = await t.app.inject({ method: 'GET', url: '/rest/sso/metadata/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
    expect(response.body).toContain('entityID="urn:binlens:test"');
    expect(response.body).toContain(`<AssertionConsumerService index="1" isDefault="true" Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${BASE}/rest/sso/acs/"/>`);
  });
});
