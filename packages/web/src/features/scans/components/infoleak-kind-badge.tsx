import { Badge } from '@mantine/core';
import type { InfoleakKind } from '../api/infoleak.ts';

/** A kind's name as the Kind filter lists it (plural) and as one finding reads (singular). */
export const INFOLEAK_KIND_LABELS: Record<InfoleakKind, { plural: string; one: string }> = {
  asymmetric_keys: { plural: 'Asymmetric keys', one: 'Asymmetric key' },
  cloud_provider_keys: { plural: 'Cloud provider keys', one: 'Cloud provider key' },
  urls: { plural: 'URLs', one: 'URL' },
  emails: { plural: 'Email addresses', one: 'Email address' },
  ips: { plural: 'IP addresses', one: 'IP address' },
  macs: { plural: 'MAC addresses', one: 'MAC address' },
  image_data: { plural: 'Image data', one: 'Image data' },
  jwts: { plural: 'JWTs', one: 'JWT' },
  shell_histories: { plural: 'Shell histories', one: 'Shell history' },
  passwords: { plural: 'Passwords', one: 'Password' },
  oauths: { plural: 'OAuth secrets', one: 'OAuth secret' },
  custom: { plural: 'Custom patterns', one: 'Custom pattern' },
  http_credentials: { plural: 'HTTP credentials', one: 'HTTP credentials' },
  google_cloud_keys: { plural: 'Google Cloud keys', one: 'Google Cloud key' },
  facebook_tokens: { plural: 'Facebook tokens', one: 'Facebook token' },
  twilio_keys: { plural: 'Twilio keys', one: 'Twilio key' },
  certificates: { plural: 'Certificates', one: 'Certificate' },
};

/** Credentials and keys: whoever reads them can act as their owner. */
const SECRET_KINDS: ReadonlySet<InfoleakKind> = new Set([
  'asymmetric_keys',
  'cloud_provider_keys',
  'google_cloud_keys',
  'facebook_tokens',
  'twilio_keys',
  'passwords',
  'oauths',
  'http_credentials',
  'jwts',
]);

/** Personal and network data: who and what the device talks to. */
const PERSONAL_KINDS: ReadonlySet<InfoleakKind> = new Set(['emails', 'ips', 'macs', 'urls', 'shell_histories', 'image_data', 'certificates']);

/** Red for secrets, blue for personal and network data, grey for the company's own patterns. */
export function kindColor(kind: InfoleakKind): string {
  if (SECRET_KINDS.has(kind)) return 'red';
  if (PERSONAL_KINDS.has(kind)) return 'blue';
  return 'gray';
}

/** A kind the server may add later still reads as something. */
export function kindLabel(kind: InfoleakKind): string {
  return INFOLEAK_KIND_LABELS[kind]?.one ?? kind;
}

export function InfoleakKindBadge({ kind }: { kind: InfoleakKind }) {
  return (
    // A long name wraps inside the badge rather than being cut, should its column be narrow.
    <Badge
      color={kindColor(kind)}
      variant="light"
      size="sm"
      tt="none"
      maw="100%"
      styles={{ root: { height: 'auto', minHeight: 'var(--badge-height)', lineHeight: 1.4, paddingBlock: 2 }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {kindLabel(kind)}
    </Badge>
  );
}
