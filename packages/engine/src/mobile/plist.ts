// Property lists, binary (`bplist00`, CFBinaryPList.c layout) and XML (Apple's
// PropertyList-1.0 DTD). Bounded: object count, nesting depth and collection sizes are
// capped, references are checked against the offset table, and a cycle cannot recurse
// past the depth cap. Dates become ISO strings, data stays bytes. Dictionaries have no
// prototype, so a `__proto__` key is just a key.

export type PlistValue = string | number | boolean | Buffer | PlistValue[] | PlistDict;
export interface PlistDict {
  [key: string]: PlistValue;
}

export class PlistError extends Error {}

const MAX_OBJECTS = 1_000_000;
const MAX_DEPTH = 64;
const MAX_COLLECTION = 100_000;
const APPLE_EPOCH_MS = Date.UTC(2001, 0, 1);

/** Parses either form; throws PlistError (never anything else) on bad input. */
export function parsePlist(buf: Buffer): PlistValue {
  try {
    if (buf.toString('latin1', 0, 8) === 'bplist00') return parseBinaryPlist(buf);
    return parseXmlPlist(buf.toString('utf8'));
  } catch (err) {
    if (err instanceof PlistError) throw err;
    if (err instanceof RangeError) throw new PlistError(`plist runs past its end: ${err.message}`);
    throw err;
  }
}

export function isDict(v: PlistValue | undefined): v is PlistDict {
  return typeof v === 'object' && !Array.isArray(v) && !Buffer.isBuffer(v);
}

export function parseBinaryPlist(buf: Buffer): PlistValue {
  if (buf.length < 40) throw new PlistError('binary plist shorter than its header and trailer');
  const t = buf.length - 32;
  const offsetSize = buf.readUInt8(t + 6);
  const refSize = buf.readUInt8(t + 7);
  const count = Number(buf.readBigUInt64BE(t + 8));
  const top = Number(buf.readBigUInt64BE(t + 16));
  const tableAt = Number(buf.readBigUInt64BE(t + 24));
  if (count > MAX_OBJECTS || top >= count || offsetSize < 1 || offsetSize > 8 || refSize < 1 || refSize > 8 || tableAt + count * offsetSize > t) {
    throw new PlistError('binary plist trailer is inconsistent');
  }
  const offsetOf = (ref: number): number => {
    if (ref >= count) throw new PlistError(`object reference ${ref} out of ${count}`);
    const at = uint(buf, tableAt + ref * offsetSize, offsetSize);
    if (at < 8 || at >= tableAt) throw new PlistError(`object ${ref} offset ${at} outside the object area`);
    return at;
  };
  let visited = 0;
  const read = (ref: number, depth: number): PlistValue => {
    if (depth > MAX_DEPTH) throw new PlistError(`plist nested deeper than ${MAX_DEPTH}`);
    if (++visited > MAX_OBJECTS) throw new PlistError('plist expands to too many objects');
    const at = offsetOf(ref);
    const marker = buf.readUInt8(at);
    const kind = marker >> 4;
    const low = marker & 0xf;
    if (kind === 0x0) return low === 0x9 ? true : low === 0x8 ? false : '';
    if (kind === 0x1) return intValue(buf, at + 1, 1 << low);
    if (kind === 0x2) return low === 2 ? buf.readFloatBE(at + 1) : buf.readDoubleBE(at + 1);
    if (kind === 0x3) return new Date(APPLE_EPOCH_MS + buf.readDoubleBE(at + 1) * 1000).toISOString();
    if (kind === 0x8) return uint(buf, at + 1, low + 1);
    const [length, start] = lengthAt(buf, at, low);
    if (kind === 0x4) return Buffer.from(slice(buf, start, length, tableAt));
    if (kind === 0x5) return slice(buf, start, length, tableAt).toString('latin1');
    if (kind === 0x6) return utf16be(slice(buf, start, length * 2, tableAt));
    if (kind === 0x7) return slice(buf, start, length, tableAt).toString('utf8');
    if (length > MAX_COLLECTION) throw new PlistError(`collection of ${length} entries`);
    if (kind === 0xa || kind === 0xc) {
      return Array.from({ length }, (_, i) => read(uint(buf, start + i * refSize, refSize), depth + 1));
    }
    if (kind === 0xd) {
      const dict: PlistDict = Object.create(null) as PlistDict;
      for (let i = 0; i < length; i++) {
        const key = read(uint(buf, start + i * refSize, refSize), depth + 1);
        dict[String(key)] = read(uint(buf, start + (length + i) * refSize, refSize), depth + 1);
      }
      return dict;
    }
    throw new PlistError(`unknown object marker 0x${marker.toString(16)} at ${at}`);
  };
  return read(top, 0);
}

function lengthAt(buf: Buffer, at: number, low: number): [number, number] {
  if (low !== 0xf) return [low, at + 1];
  const intMarker = buf.readUInt8(at + 1);
  if (intMarker >> 4 !== 0x1) throw new PlistError(`bad length marker at ${at + 1}`);
  const size = 1 << (intMarker & 0xf);
  return [Number(intValue(buf, at + 2, size)), at + 2 + size];
}

function slice(buf: Buffer, start: number, length: number, limit: number): Buffer {
  if (length < 0 || start + length > limit) throw new PlistError(`object of ${length} bytes at ${start} runs past the object area`);
  return buf.subarray(start, start + length);
}

function uint(buf: Buffer, at: number, size: number): number {
  if (size > 8) throw new PlistError(`integer of ${size} bytes`);
  let v = 0;
  for (let i = 0; i < size; i++) v = v * 256 + buf.readUInt8(at + i);
  return v;
}

// Ints of 1, 2, 4 bytes are unsigned, 8 bytes signed (CFBinaryPList); 16-byte ints keep the low 8.
function intValue(buf: Buffer, at: number, size: number): number {
  if (size === 8) return Number(buf.readBigInt64BE(at));
  if (size === 16) return Number(buf.readBigInt64BE(at + 8));
  if (size > 8) throw new PlistError(`integer of ${size} bytes`);
  return uint(buf, at, size);
}

function utf16be(b: Buffer): string {
  const le = Buffer.from(b);
  le.swap16();
  return le.toString('utf16le');
}

// <key>, </dict>, <true/>, comments, <?xml ...?>, <!DOCTYPE ...>
const XML_TOKEN = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([A-Za-z]+)[^>]*?(\/?)>/g;

export function parseXmlPlist(text: string): PlistValue {
  const tokens: { close: boolean; name: string; empty: boolean; text: string }[] = [];
  let last = 0;
  for (const m of text.matchAll(XML_TOKEN)) {
    const between = text.slice(last, m.index);
    last = m.index + m[0].length;
    if (m[2] === undefined) continue;
    tokens.push({ close: m[1] === '/', name: m[2], empty: m[3] === '/', text: between });
    if (tokens.length > MAX_OBJECTS * 2) throw new PlistError('XML plist has too many elements');
  }
  let i = 0;
  const next = (): (typeof tokens)[number] => {
    const t = tokens[i++];
    if (!t) throw new PlistError('XML plist ends early');
    return t;
  };
  const value = (depth: number): PlistValue => {
    if (depth > MAX_DEPTH) throw new PlistError(`plist nested deeper than ${MAX_DEPTH}`);
    const open = next();
    if (open.close) throw new PlistError(`unexpected </${open.name}>`);
    if (open.name === 'true' || open.name === 'false') {
      if (!open.empty) next();
      return open.name === 'true';
    }
    if (open.name === 'array' || open.name === 'dict') {
      const items: PlistValue[] = [];
      const dict: PlistDict = Object.create(null) as PlistDict;
      while (!open.empty && !(tokens[i]?.close ?? true)) {
        if (open.name === 'array') items.push(value(depth + 1));
        else {
          const key = value(depth + 1);
          dict[String(key)] = value(depth + 1);
        }
        if (items.length > MAX_COLLECTION) throw new PlistError('collection too large');
      }
      if (!open.empty) next();
      return open.name === 'array' ? items : dict;
    }
    const body = open.empty ? '' : decodeEntities(next().text);
    if (open.name === 'integer') return Number.parseInt(body.trim(), 10);
    if (open.name === 'real') return Number.parseFloat(body.trim());
    if (open.name === 'data') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    return body;
  };
  const first = next();
  if (first.name !== 'plist') {
    i = 0;
    return value(0);
  }
  return value(1);
}

// &amp; &lt; &#65; &#x41;
const ENTITY = /&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(ENTITY, (_, e: string) => {
    if (e.startsWith('#x')) return safeCodePoint(Number.parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return safeCodePoint(Number.parseInt(e.slice(1), 10));
    return NAMED[e] ?? '';
  });
}

function safeCodePoint(n: number): string {
  return n >= 0 && n <= 0x10ffff ? String.fromCodePoint(n) : '\ufffd';
}
