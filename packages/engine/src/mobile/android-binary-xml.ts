// Android binary XML (AXML, the compiled AndroidManifest.xml) → a small element tree.
// Layout from AOSP's ResourceTypes.h: a RES_XML_TYPE chunk holding a string pool
// (UTF-8 or UTF-16), a resource map (attribute name index → android:attr id, used when
// an obfuscator blanked the names) and start/end element chunks with typed attributes.
// Bounded: element count, depth and string count are capped; a bad chunk stops the walk
// with a problem and keeps the elements read so far.

export interface AxmlElement {
  name: string;
  /** Attribute values by local name (`versionCode`, `name`, `package`). */
  attrs: Record<string, AxmlValue>;
  children: AxmlElement[];
}

/** Strings as stored; integers and booleans typed; references as `@0x7f010000`. */
export type AxmlValue = string | number | boolean;

export interface AxmlResult {
  root?: AxmlElement;
  problems: { code: string; message: string }[];
}

const RES_XML_TYPE = 0x0003;
const RES_STRING_POOL_TYPE = 0x0001;
const RES_XML_RESOURCE_MAP_TYPE = 0x0180;
const RES_XML_START_ELEMENT_TYPE = 0x0102;
const RES_XML_END_ELEMENT_TYPE = 0x0103;
const UTF8_FLAG = 0x100;
const NO_INDEX = 0xffffffff;
const MAX_ELEMENTS = 100_000;
const MAX_DEPTH = 64;
const MAX_STRINGS = 500_000;
const MAX_ATTRS = 1_000;

/** android:attr resource ids, for attributes whose name string was blanked. */
const ATTR_IDS = new Map<number, string>([
  [0x01010003, 'name'],
  [0x01010009, 'protectionLevel'],
  [0x0101000f, 'debuggable'],
  [0x01010010, 'exported'],
  [0x0101020c, 'minSdkVersion'],
  [0x0101021b, 'versionCode'],
  [0x0101021c, 'versionName'],
  [0x01010270, 'targetSdkVersion'],
  [0x01010280, 'allowBackup'],
  [0x010104ec, 'usesCleartextTraffic'],
  [0x01010527, 'networkSecurityConfig'],
  [0x0101000a, 'permission'],
]);

class AxmlError extends Error {}

export function isBinaryXml(buf: Buffer): boolean {
  return buf.length >= 8 && buf.readUInt16LE(0) === RES_XML_TYPE && buf.readUInt16LE(2) === 8;
}

export function decodeBinaryXml(buf: Buffer): AxmlResult {
  const problems: AxmlResult['problems'] = [];
  if (!isBinaryXml(buf)) return { problems: [{ code: 'corrupt', message: 'not an Android binary XML document (no RES_XML_TYPE header)' }] };
  const end = Math.min(buf.length, buf.readUInt32LE(4));
  if (end < buf.readUInt32LE(4)) problems.push({ code: 'truncated', message: `binary XML declares ${buf.readUInt32LE(4)} bytes, file has ${buf.length}` });
  let strings: string[] = [];
  let resourceIds: number[] = [];
  const stack: AxmlElement[] = [];
  let root: AxmlElement | undefined;
  let elements = 0;
  try {
    for (let at = 8; at + 8 <= end; ) {
      const type = buf.readUInt16LE(at);
      const headerSize = buf.readUInt16LE(at + 2);
      const size = buf.readUInt32LE(at + 4);
      if (size < 8 || headerSize < 8 || headerSize > size || at + size > end) throw new AxmlError(`bad chunk 0x${type.toString(16)} of ${size} bytes at ${at}`);
      const chunk = buf.subarray(at, at + size);
      if (type === RES_STRING_POOL_TYPE) strings = readStringPool(chunk);
      else if (type === RES_XML_RESOURCE_MAP_TYPE) resourceIds = readResourceMap(chunk, headerSize);
      else if (type === RES_XML_START_ELEMENT_TYPE) {
        if (++elements > MAX_ELEMENTS) throw new AxmlError(`more than ${MAX_ELEMENTS} elements`);
        if (stack.length >= MAX_DEPTH) throw new AxmlError(`elements nested deeper than ${MAX_DEPTH}`);
        const element = readStartElement(chunk, headerSize, strings, resourceIds);
        const parent = stack.at(-1);
        if (parent) parent.children.push(element);
        else root ??= element;
        stack.push(element);
      } else if (type === RES_XML_END_ELEMENT_TYPE) stack.pop();
      at += size;
    }
  } catch (err) {
    if (!(err instanceof AxmlError || err instanceof RangeError)) throw err;
    problems.push({ code: 'corrupt', message: `binary XML: ${err.message}` });
  }
  return root ? { root, problems } : { problems: problems.length > 0 ? problems : [{ code: 'corrupt', message: 'binary XML has no element' }] };
}

function readStringPool(chunk: Buffer): string[] {
  if (chunk.length < 28) throw new AxmlError('string pool header too short');
  const count = chunk.readUInt32LE(8);
  const flags = chunk.readUInt32LE(16);
  const stringsStart = chunk.readUInt32LE(20);
  const headerSize = chunk.readUInt16LE(2);
  if (count > MAX_STRINGS || headerSize + count * 4 > chunk.length) throw new AxmlError(`string pool of ${count} strings does not fit its chunk`);
  const utf8 = (flags & UTF8_FLAG) !== 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const at = stringsStart + chunk.readUInt32LE(headerSize + i * 4);
    out.push(at < chunk.length ? (utf8 ? readUtf8(chunk, at) : readUtf16(chunk, at)) : '');
  }
  return out;
}

// UTF-8 entries: UTF-16 length then byte length, each 1 byte or 2 when the high bit is set.
function readUtf8(chunk: Buffer, at: number): string {
  let p = at;
  const len = (): number => {
    const b = chunk.readUInt8(p++);
    return b & 0x80 ? ((b & 0x7f) << 8) | chunk.readUInt8(p++) : b;
  };
  len();
  const bytes = len();
  if (p + bytes > chunk.length) throw new AxmlError(`string at ${at} runs past its pool`);
  return chunk.toString('utf8', p, p + bytes);
}

// UTF-16 entries: length in code units, 1 or 2 u16 (high bit), then the units.
function readUtf16(chunk: Buffer, at: number): string {
  let units = chunk.readUInt16LE(at);
  let p = at + 2;
  if (units & 0x8000) {
    units = ((units & 0x7fff) << 16) | chunk.readUInt16LE(p);
    p += 2;
  }
  if (p + units * 2 > chunk.length) throw new AxmlError(`string at ${at} runs past its pool`);
  return chunk.toString('utf16le', p, p + units * 2);
}

function readResourceMap(chunk: Buffer, headerSize: number): number[] {
  const ids: number[] = [];
  for (let p = headerSize; p + 4 <= chunk.length; p += 4) ids.push(chunk.readUInt32LE(p));
  return ids;
}

function readStartElement(chunk: Buffer, headerSize: number, strings: string[], resourceIds: number[]): AxmlElement {
  const ext = headerSize;
  const name = stringAt(strings, chunk.readUInt32LE(ext + 4));
  const attributeStart = chunk.readUInt16LE(ext + 8);
  const attributeSize = chunk.readUInt16LE(ext + 10);
  const count = chunk.readUInt16LE(ext + 12);
  if (attributeSize < 20 || count > MAX_ATTRS) throw new AxmlError(`element ${name}: bad attribute layout`);
  const attrs: Record<string, AxmlValue> = {};
  for (let i = 0; i < count; i++) {
    const a = ext + attributeStart + i * attributeSize;
    if (a + 20 > chunk.length) throw new AxmlError(`element ${name}: attribute ${i} past its chunk`);
    const nameIndex = chunk.readUInt32LE(a + 4);
    const attrName = stringAt(strings, nameIndex) || ATTR_IDS.get(resourceIds[nameIndex] ?? 0) || `attr${i}`;
    attrs[attrName] = typedValue(chunk, a, strings);
  }
  return { name, attrs, children: [] };
}

function typedValue(chunk: Buffer, a: number, strings: string[]): AxmlValue {
  const raw = chunk.readUInt32LE(a + 8);
  const dataType = chunk.readUInt8(a + 15);
  const data = chunk.readUInt32LE(a + 16);
  switch (dataType) {
    case 0x03: // TYPE_STRING
      return stringAt(strings, data);
    case 0x10: // TYPE_INT_DEC
      return data | 0;
    case 0x11: // TYPE_INT_HEX
      return data;
    case 0x12: // TYPE_INT_BOOLEAN
      return data !== 0;
    case 0x01: // TYPE_REFERENCE
      return `@0x${data.toString(16).padStart(8, '0')}`;
    default:
      return raw !== NO_INDEX ? stringAt(strings, raw) : data;
  }
}

function stringAt(strings: string[], index: number): string {
  return index === NO_INDEX ? '' : (strings[index] ?? '');
}
