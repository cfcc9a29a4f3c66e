// What an image's metadata tells about where, by whom and with what it was taken,
// merged from EXIF, XMP and PNG text chunks; and its one-line summary.

export interface ImageFields {
  /** Decimal degrees, south and west negative. */
  latitude?: number;
  longitude?: number;
  /** Metres, below sea level negative. */
  altitude?: number;
  make?: string;
  model?: string;
  artist?: string;
  creator?: string;
  copyright?: string;
  ownerName?: string;
  bodySerialNumber?: string;
  dateTimeOriginal?: string;
  software?: string;
  creatorTool?: string;
}

type TextField = Exclude<keyof ImageFields, 'latitude' | 'longitude' | 'altitude'>;

/** Summary labels, in summary order. Tool fields alone are not a leak (every editor writes them). */
const LABELS: readonly [TextField, string][] = [
  ['make', 'Make'],
  ['model', 'Model'],
  ['bodySerialNumber', 'BodySerialNumber'],
  ['artist', 'Artist'],
  ['creator', 'Creator'],
  ['ownerName', 'Owner'],
  ['copyright', 'Copyright'],
  ['dateTimeOriginal', 'DateTimeOriginal'],
  ['software', 'Software'],
  ['creatorTool', 'CreatorTool'],
];
const TOOL_FIELDS: ReadonlySet<TextField> = new Set(['software', 'creatorTool']);

/** Fills the fields `into` does not have yet (the first source read wins). */
export function mergeFields(into: ImageFields, from: ImageFields): void {
  for (const [key, value] of Object.entries(from) as [keyof ImageFields, ImageFields[keyof ImageFields]][]) {
    if (value !== undefined && into[key] === undefined) (into as Record<string, unknown>)[key] = value;
  }
}

/** True when the fields say something about a person, a place or a device. */
export function isLeak(fields: ImageFields): boolean {
  if (fields.latitude !== undefined) return true;
  return LABELS.some(([key]) => !TOOL_FIELDS.has(key) && fields[key] !== undefined);
}

/** `GPS 48.858222N 2.294500E 35m; Make Canon; Artist Jane Roe; ...` */
export function summarise(fields: ImageFields): string {
  const parts: string[] = [];
  if (fields.latitude !== undefined && fields.longitude !== undefined) {
    const altitude = fields.altitude === undefined ? '' : ` ${round(fields.altitude)}m`;
    parts.push(`GPS ${coordinate(fields.latitude, 'N', 'S')} ${coordinate(fields.longitude, 'E', 'W')}${altitude}`);
  }
  for (const [key, label] of LABELS) {
    const value = fields[key];
    if (value !== undefined) parts.push(`${label} ${value}`);
  }
  return parts.join('; ');
}

/** Details in snake case, for the finding. */
export function toDetails(fields: ImageFields): Record<string, string | number> {
  const details: Record<string, string | number> = {};
  if (fields.latitude !== undefined) details.gps_latitude = round6(fields.latitude);
  if (fields.longitude !== undefined) details.gps_longitude = round6(fields.longitude);
  if (fields.altitude !== undefined) details.gps_altitude = round(fields.altitude);
  for (const [key] of LABELS) {
    const value = fields[key];
    if (value !== undefined) details[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = value;
  }
  return details;
}

function coordinate(value: number, positive: string, negative: string): string {
  return `${Math.abs(value).toFixed(6)}${value < 0 ? negative : positive}`;
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
