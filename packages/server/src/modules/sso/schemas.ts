import { type Static, Type } from 'typebox';
import { Text } from '../../lib/schemas.ts';
import { MAX_METADATA_BYTES } from './idp-metadata.ts';

/** A SAMLResponse of a real IdP is a few kilobytes of base64; one far larger is not read. */
export const MAX_SAML_RESPONSE_CHARS = 512 * 1024;
const MAX_REDIRECT = 2048;

export const SsoSettings = Type.Object({
  enabled: Type.Boolean(),
  idp_entity_id: Type.String(),
  idp_sso_url: Type.String({ description: "The IdP's HTTP-Redirect single sign-on URL." }),
  idp_certificates: Type.String({ description: "The IdP's signing certificates, PEM; a response signed by any of them is accepted." }),
  idp_certificate_details: Type.Array(Type.Object({ subject: Type.String(), valid_to: Type.String({ format: 'date-time' }) })),
  sp_entity_id: Type.String({ description: 'Our entity id (the audience); empty: service_provider.entity_id, derived from the public URL.' }),
  email_attribute: Type.String({ description: "The assertion attribute holding the user's e-mail; empty: the NameID." }),
  create_unknown_users: Type.Boolean({ description: 'An e-mail with no user becomes a new user with account role U; otherwise it is refused.' }),
  button_label: Type.String({ description: 'The login page shows "Sign in with <label>".' }),
  service_provider: Type.Object({
    entity_id: Type.String(),
    acs_url: Type.String(),
    metadata_url: Type.String(),
  }, { description: 'What the IdP is told about Binlens (its metadata at metadata_url).' }),
}, { title: 'SsoSettings' });
export type SsoSettings = Static<typeof SsoSettings>;

export const SsoSettingsUpdate = Type.Object({
  enabled: Type.Optional(Type.Boolean()),
  idp_entity_id: Type.Optional(Text({ maxLength: 1024 })),
  idp_sso_url: Type.Optional(Text({ maxLength: 2048 })),
  idp_certificates: Type.Optional(Text({ maxLength: 64 * 1024 })),
  idp_metadata: Type.Optional(Text({
    maxLength: MAX_METADATA_BYTES,
    description: "The IdP's SAML metadata XML: sets idp_entity_id, idp_sso_url and idp_certificates from it (fields sent alongside win).",
  })),
  sp_entity_id: Type.Optional(Text({ maxLength: 1024 })),
  email_attribute: Type.Optional(Text({ maxLength: 256 })),
  create_unknown_users: Type.Optional(Type.Boolean()),
  button_label: Type.Optional(Text({ maxLength: 64 })),
}, { title: 'SsoSettingsUpdate', additionalProperties: false });
export type SsoSettingsUpdate = Static<typeof SsoSettingsUpdate>;

export const SsoStatus = Type.Object({
  enabled: Type.Boolean(),
  label: Type.String(),
}, { title: 'SsoStatus' });
export type SsoStatus = Static<typeof SsoStatus>;

export const SsoLoginQuery = Type.Object({
  redirect: Type.Optional(Type.String({ maxLength: MAX_REDIRECT, description: 'Where to land after signing in; only a local path, otherwise /.' })),
});

export const SsoFinishQuery = Type.Object({
  token: Type.String({ maxLength: 100 }),
});

export const SsoAcsBody = Type.Object({
  SAMLResponse: Type.String({ maxLength: MAX_SAML_RESPONSE_CHARS }),
  RelayState: Type.Optional(Type.String({ maxLength: MAX_REDIRECT })),
});

export const Redirect = Type.Null({ description: 'A redirect (Location): to the IdP, or after the sign-on to the RelayState or /login?sso_error=<code>.' });
