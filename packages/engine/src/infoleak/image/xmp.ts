// XMP packets (ISO 16684-1): the few properties that leak a person, a place or a device,
// read by pattern rather than by an XML parser — the packet is untrusted and only a handful
// of simple or rdf:Seq/Alt/Bag values are wanted. Bounded to the first MAX_XMP characters.
import type { ImageFields } from './fields.ts';

const MAX_XMP = 256 * 1024;
const MAX_TEXT = 200;

type XmpTextField = 'creator' | 'copyright' | 'creatorTool' | 'make' | 'model' | 'artist' | 'dateTimeOriginal' | 'bodySerialNumber' | 'ownerName' | 'software';

const PROPERTIES: readonly [string, XmpTextField][] = [
  ['dc:creator', 'creator'],
  ['dc:rights', 'copyright'],
  ['xmp:CreatorTool', 'creatorTool'],
  ['tiff:Make', 'make'],
  ['tiff:Model', 'model'],
  ['tiff:Artist', 'artist'],
  ['tiff:Software', 'software'],
  ['exif:DateTimeOriginal', 'dateTimeOriginal'],
  ['photoshop:DateCreated', 'dateTimeOriginal'],
  ['exifEX:BodySerialNumber', 'bodySerialNumber'],
  ['aux:SerialNumber', 'bodySerialNumber'],
  ['exifEX:CameraOwnerName', 'ownerName'],
];

export function readXmpFields(packet: string): ImageFields {
  const xmp = packet.slice(0, MAX_XMP);
  const fields: ImageFields = {};
  for (const [name, field] of PROPERTIES) {
    const value = property(xmp, name);
    if (value !== undefined && fields[field] === undefined) fields[field] = value;
  }
  const latitude = gpsCoordinate(property(xmp, 'exif:GPSLatitude'));
  const longitude = gpsCoordinate(property(xmp, 'exif:GPSLongitude'));
  if (latitude !== undefined && longitude !== undefined) {
    fields.latitude = latitude;
    fields.longitude = longitude;
    const altitude = rational(property(xmp, 'exif:GPSAltitude'));
    if (altitude !== undefined) fields.altitude = property(xmp, 'exif:GPSAltitudeRef') === '1' ? -altitude : altitude;
  }
  return fields;
}

/**
 * A property as an attribute (`exif:GPSLatitude="48,51.4933N"`) or an element
 * (`<dc:creator><rdf:Seq><rdf:li>Jane Roe</rdf:li></rdf:Seq></dc:creator>`); list items
 * joined with ", ".
 */
function property(xmp: string, name: string): string | undefined {
  const attribute = new RegExp(`\\s${name}=(["'])([^"'<>]*)\\1`).exec(xmp);
  if (attribute) return clean(attribute[2] ?? '');
  const inner = elementContent(xmp, name);
  if (inner === undefined) return undefined;
  // <rdf:li xml:lang="x-default">Jane Roe</rdf:li>
  const items = [...inner.matchAll(/<rdf:li(?:\s[^>]*)?>([^<]*)<\/rdf:li>/g)].map((m) => clean(m[1] ?? '')).filter((v): v is string => v !== undefined);
  return items.length > 0 ? items.join(', ').slice(0, MAX_TEXT) : clean(inner.replace(/<[^>]*>/g, ''));
}

/** Content of the first `<name ...>…</name>`, found with indexOf so a hostile packet stays linear. */
function elementContent(xmp: string, name: string): string | undefined {
  for (let at = xmp.indexOf(`<${name}`); at >= 0; at = xmp.indexOf(`<${name}`, at + 1)) {
    const next = xmp[at + name.length + 1] ?? '';
    if (next !== '>' && !/\s/.test(next)) continue;
    const start = xmp.indexOf('>', at);
    if (start < 0) return undefined;
    const end = xmp.indexOf(`</${name}>`, start);
    return end < 0 ? undefined : xmp.slice(start + 1, end);
  }
  return undefined;
}

function clean(text: string): string | undefined {
  const value = text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_TEXT);
  return value === '' ? undefined : value;
}

// XMP GPSCoordinate: "DDD,MM,SSk" or "DDD,MM.mmk", e.g. 51,30.04374N
const COORDINATE = /^(\d{1,3}),(\d{1,2}(?:\.\d+)?)(?:,(\d{1,2}(?:\.\d+)?))?([NSEW])$/;

function gpsCoordinate(text: string | undefined): number | undefined {
  const m = text ? COORDINATE.exec(text) : null;
  if (!m) return undefined;
  const value = Number(m[1]) + Number(m[2]) / 60 + Number(m[3] ?? 0) / 3600;
  if (value > 180) return undefined;
  return m[4] === 'S' || m[4] === 'W' ? -value : value;
}

// XMP Rational: "35/1"
function rational(text: string | undefined): number | undefined {
  const m = text ? /^(-?\d+)\/(\d+)$/.exec(text) : null;
  if (!m || Number(m[2]) === 0) return undefined;
  return Number(m[1]) / Number(m[2]);
}
