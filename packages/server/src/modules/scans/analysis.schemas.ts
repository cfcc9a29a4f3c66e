// The analyzers' sections of a ready scan, in the native JSON contract's shapes
// (docs/native-json.md): executables, infoleaks and mobile apps.
import { type Static, Type } from 'typebox';
import { Id } from '../../lib/schemas.ts';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { InfoleakTriage } from '../infoleak-triages/schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ExecutableAttributes = Type.Object({
  path: Type.Array(Type.String(), { description: 'Extended path: element 0 inside the input, each next inside the archive before it.' }),
  format: Type.Union([Type.Literal('elf'), Type.Literal('pe'), Type.Literal('macho')]),
  machine: Type.String(),
  bits: Type.Union([Type.Literal(32), Type.Literal(64)]),
  endianness: Type.Union([Type.Literal('little'), Type.Literal('big')]),
  type: Type.String(),
  attributes: Type.Record(Type.String(), Type.Union([Type.Boolean(), Type.String(), Type.Number(), Type.Array(Type.String())]), {
    description: 'Hardening attributes by snake-case name (nx, pie, relro, canary, fortify, dynamic_base, cfg, arc, ...); only those of the format.',
  }),
  missing: Type.Array(Type.String(), { description: 'Missing mitigations: no-pie, execstack, no-relro, no-control-flow-guard, ...' }),
}, { title: 'ExecutableAttributes' });
export type ExecutableAttributesItem = Static<typeof ExecutableAttributes>;

export const INFOLEAK_KINDS = [
  'asymmetric_keys', 'cloud_provider_keys', 'urls', 'emails', 'ips', 'macs', 'image_data', 'jwts', 'shell_histories',
  'passwords', 'oauths', 'custom', 'http_credentials', 'google_cloud_keys', 'facebook_tokens', 'twilio_keys',
  'certificates',
] as const;

const InfoleakKind = Type.Unsafe<(typeof INFOLEAK_KINDS)[number]>({ type: 'string', enum: [...INFOLEAK_KINDS], title: 'InfoleakKind' });

export const InfoleakItem = Type.Object({
  id: Type.Integer({ description: "Position of the finding in the scan's list, from 1; stable for a scan." }),
  kind: InfoleakKind,
  detector: Type.String(),
  path: Type.Array(Type.String()),
  offset: Nullable(Type.Integer()),
  line: Nullable(Type.Integer()),
  value: Type.String(),
  masked: Nullable(Type.String({ description: 'Display form of a secret; null for values that are not secret.' })),
  context: Type.String(),
  details: Nullable(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean()]))),
  decoy: Type.Boolean(),
  revealable: Type.Boolean({
    description: 'The value is a secret the viewer may read in full (they may change the group). A secret the viewer may not reveal comes masked in `value` and `context`.',
  }),
  triages: Type.Optional(Type.Array(InfoleakTriage, { description: 'The triages that hold for the finding, oldest first (in the info-leak lists; a file\'s detail leaves them out).' })),
}, { title: 'InfoleakItem' });
export type InfoleakItem = Static<typeof InfoleakItem>;

export const MobileAppPermission = Type.Object({
  name: Type.String(),
  protection_level: Nullable(Type.String()),
  usage: Nullable(Type.String()),
}, { title: 'MobileAppPermission' });

export const MobileApp = Type.Object({
  platform: Type.Union([Type.Literal('android'), Type.Literal('ios')]),
  path: Type.Array(Type.String()),
  id: Type.String({ description: 'Android package name or iOS bundle identifier.' }),
  name: Nullable(Type.String()),
  version: Nullable(Type.String()),
  build: Nullable(Type.String()),
  min_os: Nullable(Type.String()),
  target_sdk: Nullable(Type.String()),
  permissions: Type.Array(MobileAppPermission),
  android: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Manifest facts, signing certificates, DEX libraries (docs/native-json.md).' })),
  ios: Nullable(Type.Record(Type.String(), Type.Unknown(), { description: 'Info.plist facts, entitlements, ATS exceptions, frameworks (docs/native-json.md).' })),
}, { title: 'MobileApp' });
export type MobileAppItem = Static<typeof MobileApp>;

export const ExecutableAttributesPage = Paged(ExecutableAttributes);
export const MobileAppPage = Paged(MobileApp);
export const InfoleakPage = Paged(InfoleakItem);

export const PageOnlyQuery = Type.Object({ ...PageQuery });

export const EXECUTABLE_FORMATS = ['elf', 'pe', 'macho'] as const;

export const ExecutableAttributesQuery = Type.Object({
  format: Type.Optional(Type.Union(EXECUTABLE_FORMATS.map((format) => Type.Literal(format)), { description: 'Only executables of this format.' })),
  missing: Type.Optional(Type.String({
    pattern: '^[a-z][a-z-]{0,39}$',
    description: 'Only executables missing this mitigation, as `missing` names it: no-pie, execstack, no-relro, partial-relro, no-canary, no-control-flow-guard, ...',
  })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the path, the machine, the type or a missing mitigation\'s name.' })),
  ...PageQuery,
});
export type ExecutableAttributesQuery = Static<typeof ExecutableAttributesQuery>;

const TriagedFilter = Type.Boolean({
  description: 'true: only the triaged findings; false: only the matched ones (no triage holds for them). Without it: the matched ones, or every id asked for with id__in.',
});

export const InfoleakQuery = Type.Object({
  kind: Type.Optional(InfoleakKind),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the value, the path or the context.' })),
  include_decoys: Type.Optional(Type.Boolean({ default: false })),
  id__in: Type.Optional(Type.String({ maxLength: 1200, description: 'Comma-separated ids, at most 100: only those findings (a linked finding on another page).' })),
  triaged: Type.Optional(TriagedFilter),
  ...PageQuery,
});
export type InfoleakQuery = Static<typeof InfoleakQuery>;

export const InfoleakKindParams = Type.Object({ kind: Type.String({ maxLength: 40, description: 'A kind with `-` for `_`: cloud-provider-keys, asymmetric-keys, ...' }) });
export const InfoleakKindQuery = Type.Object({
  scan: Id,
  id__in: Type.Optional(Type.String({ maxLength: 1200, description: 'Comma-separated ids, at most 100.' })),
  ordering: Type.Optional(Type.Literal('id')),
  triaged: Type.Optional(TriagedFilter),
  ...PageQuery,
});
export type InfoleakKindQuery = Static<typeof InfoleakKindQuery>;
