import { describe, expect, it } from 'vitest';
import type { SsoSettingsRow } from '../../db/schema/index.ts';
import type { AuditEvent } from '../audit/repository.ts';
import type { UsersRepository } from '../users/repository.ts';
import type { Viewer } from '../users/viewer.ts';
import type { SsoRepository } from './repository.ts';
import { createSsoService } from './service.ts';

const ROW: SsoSettingsRow = {
  id: 1,
  enabled: false,
  idpEntityId: '',
  idpSsoUrl: '',
  idpCertificates: '',
  spEntityId: '',
  spBaseUrl: '',
  emailAttribute: '',
  createUnknownUsers: false,
  buttonLabel: 'single sign-on',
  updatedAt: new Date(0),
};
const ADMIN = { userId: 7 } as Viewer;

/** The service over an in-memory settings row; every change and its event recorded. */
function serviceWith(row: Partial<SsoSettingsRow>, publicUrl?: string) {
  let stored = { ...ROW, ...row };
  const events: AuditEvent[] = [];
  const sso = {
    settings: async () => stored,
    updateSettings: async (patch: Partial<SsoSettingsRow>) => (stored = { ...stored, ...patch }),
    removeRequest: async () => false,
  } as unknown as SsoRepository;
  const service = createSsoService({
    sso,
    users: {} as UsersRepository,
    auth: { startSession: () => Promise.reject(new Error('no session in these tests')) },
    publicUrl,
    change: async (work, event) => {
      const result = await work({ sso, users: {} as UsersRepository });
      events.push(event(result));
      return result;
    },
  });
  return { service, events, stored: () => stored };
}

describe('SSO service', () => {
  it('builds the SP URLs on BINLENS_PUBLIC_URL, else on where the settings were saved from, else on the request', async () => {
    const urls = async (row: Partial<SsoSettingsRow>, publicUrl?: string) => (await serviceWith(row, publicUrl).service.settings('http://asked.example')).service_provider;
    expect(await urls({})).toEqual({ entity_id: 'http://asked.example/rest/sso/metadata/', acs_url: 'http://asked.example/rest/sso/acs/', metadata_url: 'http://asked.example/rest/sso/metadata/' });
    expect((await urls({ spBaseUrl: 'https://saved.example' })).acs_url).toBe('https://saved.example/rest/sso/acs/');
    expect((await urls({ spBaseUrl: 'https://saved.example' }, 'https://public.example')).acs_url).toBe('https://public.example/rest/sso/acs/');
    expect((await urls({ spEntityId: 'urn:binlens' })).entity_id).toBe('urn:binlens');
  });

  it('records the origin an administrator saved from, and writes nothing for an equal PATCH', async () => {
    const { service, events, stored } = serviceWith({});
    await service.updateSettings(ADMIN, 'https://saved.example', { button_label: 'Okta' });
    expect(stored()).toMatchObject({ buttonLabel: 'Okta', spBaseUrl: 'https://saved.example' });
    await service.updateSettings(ADMIN, 'https://elsewhere.example', { button_label: ' Okta ' });
    expect(stored().spBaseUrl).toBe('https://saved.example');
    expect(events).toEqual([{ actorId: 7, action: 'settings.sso.update', object: 'sso', level: 4, details: { changes: { buttonLabel: ['single sign-on', 'Okta'], spBaseUrl: ['', 'https://saved.example'] } } }]);
  });

  it('refuses a response while single sign-on is off, audited, and sends nobody to the IdP', async () => {
    const { service, events } = serviceWith({ enabled: false, idpEntityId: 'x', idpSsoUrl: 'https://idp.example', idpCertificates: 'pem' });
    expect(await service.acs('http://asked.example', 'PHNhbWxwOlJlc3BvbnNlLz4=', '/')).toEqual({ kind: 'refused', code: 'disabled' });
    expect(events).toEqual([{ actorId: null, action: 'sso.refused', object: 'sso', level: 2, details: { code: 'disabled', reason: 'Single sign-on is turned off.' } }]);
    expect(await service.loginUrl('http://asked.example', '/groups/')).toBeNull();
    expect(await service.status()).toEqual({ enabled: false, label: 'single sign-on' });
  });
});
