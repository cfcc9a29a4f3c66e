import type { SsoSettingsRow } from '../../db/schema/index.ts';
import { describeCertificates, parseCertificates } from './certificates.ts';
import { parseIdpMetadata } from './idp-metadata.ts';
import type { SsoSettingsPatch } from './repository.ts';
import type { SsoSettings, SsoSettingsUpdate } from './schemas.ts';

export type FieldErrors = Record<string, string[]>;

const REQUIRED_WHEN_ON = 'Required while single sign-on is on.';

/** The stored row as the API answers it; the SP's URLs built on `baseUrl` ("https://binlens.example.com"). */
export function toSettings(row: SsoSettingsRow, baseUrl: string): SsoSettings {
  const base = baseUrl.replace(/\/+$/, '');
  const metadataUrl = `${base}/rest/sso/metadata/`;
  const pems = row.idpCertificates === '' ? [] : (parseCertificates(row.idpCertificates) as { pems?: string[] }).pems ?? [];
  return {
    enabled: row.enabled,
    idp_entity_id: row.idpEntityId,
    idp_sso_url: row.idpSsoUrl,
    idp_certificates: row.idpCertificates,
    idp_certificate_details: describeCertificates(pems),
    sp_entity_id: row.spEntityId,
    email_attribute: row.emailAttribute,
    create_unknown_users: row.createUnknownUsers,
    button_label: row.buttonLabel,
    service_provider: { entity_id: row.spEntityId || metadataUrl, acs_url: `${base}/rest/sso/acs/`, metadata_url: metadataUrl },
  };
}

/**
 * A PATCH body against the stored row: the columns that change and what each changed from
 * and to (certificates summarised), or every field's errors. IdP metadata fills the three IdP
 * fields unless they are sent too. The origin the administrator saved from is recorded for
 * the SP's URLs when BINLENS_PUBLIC_URL is not set.
 */
export function settingsChanges(current: SsoSettingsRow, body: SsoSettingsUpdate, origin: string): { patch: SsoSettingsPatch; changes: Record<string, unknown> } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
  const wanted: SsoSettingsPatch = {};

  if (body.idp_metadata !== undefined) {
    const metadata = parseIdpMetadata(body.idp_metadata);
    if ('error' in metadata) fail('idp_metadata', metadata.error);
    else Object.assign(wanted, { idpEntityId: metadata.entityId, idpSsoUrl: metadata.ssoUrl, idpCertificates: metadata.certificates.join('\n') });
  }
  if (body.enabled !== undefined) wanted.enabled = body.enabled;
  if (body.idp_entity_id !== undefined) wanted.idpEntityId = body.idp_entity_id.trim();
  if (body.idp_sso_url !== undefined) {
    const url = body.idp_sso_url.trim();
    if (url !== '' && !isHttpUrl(url)) fail('idp_sso_url', 'Enter an http:// or https:// URL.');
    wanted.idpSsoUrl = url;
  }
  if (body.idp_certificates !== undefined) {
    const text = body.idp_certificates.trim();
    const parsed = text === '' ? { pems: [] } : parseCertificates(text);
    if ('error' in parsed) fail('idp_certificates', parsed.error);
    else wanted.idpCertificates = parsed.pems.join('\n');
  }
  if (body.sp_entity_id !== undefined) wanted.spEntityId = body.sp_entity_id.trim();
  if (body.email_attribute !== undefined) wanted.emailAttribute = body.email_attribute.trim();
  if (body.create_unknown_users !== undefined) wanted.createUnknownUsers = body.create_unknown_users;
  if (body.button_label !== undefined) {
    wanted.buttonLabel = body.button_label.trim();
    if (wanted.buttonLabel === '') fail('button_label', 'This field may not be blank.');
  }

  const next = { ...current, ...wanted };
  if (next.enabled) {
    if (next.idpEntityId === '') fail('idp_entity_id', REQUIRED_WHEN_ON);
    if (next.idpSsoUrl === '') fail('idp_sso_url', REQUIRED_WHEN_ON);
    if (next.idpCertificates === '') fail('idp_certificates', REQUIRED_WHEN_ON);
  }
  if (Object.keys(errors).length > 0) return { errors };

  const patch: SsoSettingsPatch = {};
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(wanted) as [keyof SsoSettingsPatch, unknown][]) {
    if (current[key] === value) continue;
    Object.assign(patch, { [key]: value });
    changes[key] = key === 'idpCertificates' ? { certificates: String(value).split('-----BEGIN').length - 1 } : [current[key], value];
  }
  if (Object.keys(patch).length > 0 && current.spBaseUrl !== origin) {
    patch.spBaseUrl = origin;
    changes.spBaseUrl = [current.spBaseUrl, origin];
  }
  return { patch, changes };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
