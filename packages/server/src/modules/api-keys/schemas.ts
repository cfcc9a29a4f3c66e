import { type Static, Type } from 'typebox';
import { Enveloped } from '../../lib/api-envelope.ts';
import { Paged, PageQuery } from '../../lib/paging.ts';
import { Text } from '../../lib/schemas.ts';

/** A key lives at most a year; a script that runs longer makes a new one. */
export const MAX_KEY_VALIDITY_SECONDS = 365 * 24 * 3600;

export const ApiKeyCreateBody = Type.Object({
  validity: Type.Integer({ minimum: 1, maximum: MAX_KEY_VALIDITY_SECONDS, description: 'Seconds the key is valid, at most 31536000 (365 days).' }),
}, { title: 'ApiKeyCreateBody' });

export const NewApiKey = Type.Object({
  key: Type.String({ description: 'The token for `Authorization: Bearer <key>`; shown this once, stored only as its sha256.' }),
  expires: Type.String({ format: 'date-time' }),
}, { title: 'NewApiKey' });
export type NewApiKey = Static<typeof NewApiKey>;

export const ApiKeyInfo = Type.Object({
  created: Type.String({ format: 'date-time' }),
  expires: Type.String({ format: 'date-time' }),
  last_used: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'Within a minute.' }),
}, { title: 'ApiKeyInfo' });
export type ApiKeyInfo = Static<typeof ApiKeyInfo>;

export const NewApiKeyResponse = Enveloped(NewApiKey, 'NewApiKeyResponse');
export const ApiKeyInfoResponse = Enveloped(ApiKeyInfo, 'ApiKeyInfoResponse');

export const ApiKeyNetwork = Type.Object({
  id: Type.Integer(),
  network: Type.String({ description: 'CIDR, canonical: `10.0.0.0/8`, `2001:db8::/32`.' }),
  created: Type.String({ format: 'date-time' }),
}, { title: 'ApiKeyNetwork' });
export type ApiKeyNetwork = Static<typeof ApiKeyNetwork>;

export const ApiKeyNetworkPage = Paged(ApiKeyNetwork);

export const ApiKeyNetworkBody = Type.Object({
  network: Text({ minLength: 1, maxLength: 64, description: 'IPv4 or IPv6 network in CIDR notation; a single address is a /32 or /128.' }),
}, { title: 'ApiKeyNetworkBody' });

export const ApiKeyNetworkListQuery = Type.Object({ ...PageQuery });
