import { inflateRawSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { TestSession } from '../../../../test/login.ts';
import type { KeyPair } from './key-pair.ts';

export const IDP_ENTITY_ID = 'https://idp.example.test/metadata';
export const IDP_SSO_URL = 'https://idp.example.test/sso';

/** Single sign-on turned on against a test IdP signing with `keys`; the SP's entity id and ACS URL. */
export async function enableSso(app: FastifyInstance, admin: TestSession, keys: KeyPair, extra: Record<string, unknown> = {}) {
  const response = await app.inject({
    method: 'PATCH',
    url: '/rest/settings/sso/',
    headers: admin.headers,
    payload: { enabled: true, idp_entity_id: IDP_ENTITY_ID, idp_sso_url: IDP_SSO_URL, idp_certificates: keys.certificate, ...extra },
  });
  if (response.statusCode !== 200) throw new Error(`enable: ${response.statusCode} ${response.body}`);
  const { service_provider } = response.json<{ service_provider: { entity_id: string; acs_url: string } }>();
  return { spEntityId: service_provider.entity_id, acsUrl: service_provider.acs_url };
}

/** Starts a sign-on as a browser would: the AuthnRequest's ID and the RelayState of the redirect to the IdP. */
export async function startSignOn(app: FastifyInstance, redirect = '/groups/') {
  const response = await app.inject({ method: 'GET', url: `/rest/sso/login/?redirect=${encodeURIComponent(redirect)}` });
  if (response.statusCode !== 302) throw new Error(`login: ${response.statusCode} ${response.body}`);
  const location = new URL(String(response.headers.location));
  const request = inflateRawSync(Buffer.from(location.searchParams.get('SAMLRequest') ?? '', 'base64')).toString('utf8');
  const id = /\sID="([^"]+)"/.exec(request)?.[1];
  if (!id) throw new Error(`no ID in ${request}`);
  const binding = response.cookies.find((cookie) => cookie.name === 'sso_binding')?.value;
  if (!binding) throw new Error('login set no sso_binding cookie');
  return { id, relayState: location.searchParams.get('RelayState') ?? '', binding, location, request };
}

/** The browser following the ACS's redirect to /rest/sso/finish/, with the cookie of the browser that started (or none). */
export function finishSignOn(app: FastifyInstance, location: string, binding: string | undefined) {
  return app.inject({ method: 'GET', url: location, headers: binding ? { cookie: `sso_binding=${binding}` } : {} });
}

/** The IdP's browser form posting the response to our ACS. */
export function postResponse(app: FastifyInstance, samlResponse: string, relayState: string) {
  return app.inject({
    method: 'POST',
    url: '/rest/sso/acs/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: relayState }).toString(),
  });
}
