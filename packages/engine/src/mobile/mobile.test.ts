import { describe, expect, it } from 'vitest';
import { mutate, rng } from '../../test/fuzz.ts';
import { decodeBinaryXml } from './android-binary-xml.ts';
import { analyseApk, present } from './apk.ts';
import { platformProtectionLevel } from './android-permissions.ts';
import { analyseIpa, ipaFilesToRead } from './ipa.ts';
import { PlistError, parsePlist } from './plist.ts';

// --- a tiny AXML writer (AOSP ResourceTypes.h layout), enough for table tests ---
type Attr = [name: string, type: number, data: number | string];
interface El {
  name: string;
  attrs?: Attr[];
  children?: El[];
}
const STRING = 0x03;
const INT = 0x10;
const BOOL = 0x12;

function chunk(type: number, headerSize: number, body: Buffer): Buffer {
  const h = Buffer.alloc(8);
  h.writeUInt16LE(type, 0);
  h.writeUInt16LE(headerSize, 2);
  h.writeUInt32LE(8 + body.length, 4);
  return Buffer.concat([h, body]);
}

function axml(root: El, utf8: boolean, resourceIds: number[] = [], blank: string[] = []): Buffer {
  const strings: string[] = [...blank];
  const idx = (s: string): number => {
    if (!strings.includes(s)) strings.push(s);
    return strings.indexOf(s);
  };
  const elements: Buffer[] = [];
  const walk = (e: El): void => {
    const attrs = (e.attrs ?? []).map(([n, t, d]) => {
      const a = Buffer.alloc(20);
      a.writeUInt32LE(0xffffffff, 0);
      a.writeUInt32LE(n.startsWith('#') ? Number(n.slice(1)) : idx(n), 4);
      a.writeUInt32LE(t === STRING ? idx(String(d)) : 0xffffffff, 8);
      a.writeUInt16LE(8, 12);
      a.writeUInt8(t, 15);
      a.writeUInt32LE(t === STRING ? idx(String(d)) : Number(d) >>> 0, 16);
      return a;
    });
    const head = Buffer.alloc(28);
    head.writeUInt32LE(0xffffffff, 4);
    head.writeUInt32LE(0xffffffff, 8);
    head.writeUInt32LE(idx(e.name), 12);
    head.writeUInt16LE(20, 16);
    head.writeUInt16LE(20, 18);
    head.writeUInt16LE(attrs.length, 20);
    elements.push(chunk(0x0102, 16, Buffer.concat([head, ...attrs])));
    for (const c of e.children ?? []) walk(c);
    const end = Buffer.alloc(16);
    end.writeUInt32LE(0xffffffff, 4);
    end.writeUInt32LE(0xffffffff, 8);
    end.writeUInt32LE(idx(e.name), 12);
    elements.push(chunk(0x0103, 16, end));
  };
  walk(root);
  const data = strings.map((s) => {
    if (utf8) {
      const b = Buffer.from(s, 'utf8');
      return Buffer.concat([Buffer.from([s.length, b.length]), b, Buffer.from([0])]);
    }
    const b = Buffer.alloc(2 + s.length * 2 + 2);
    b.writeUInt16LE(s.length, 0);
    b.write(s, 2, 'utf16le');
    return b;
  });
  const offsets = Buffer.alloc(strings.length * 4);
  let o = 0;
  data.forEach((d, i) => {
    offsets.writeUInt32LE(o, i * 4);
    o += d.length;
  });
  let body = Buffer.concat(data);
  body = Buffer.concat([body, Buffer.alloc((4 - (body.length % 4)) % 4)]);
  const poolHead = Buffer.alloc(20);
  poolHead.writeUInt32LE(strings.length, 0);
  poolHead.writeUInt32LE(utf8 ? 0x100 : 0, 8);
  poolHead.writeUInt32LE(28 + offsets.length, 12);
  const pool = chunk(0x0001, 28, Buffer.concat([poolHead, offsets, body]));
  const ids = Buffer.alloc(resourceIds.length * 4);
  resourceIds.forEach((id, i) => ids.writeUInt32LE(id, i * 4));
  const inner = Buffer.concat([pool, chunk(0x0180, 8, ids), ...elements]);
  return chunk(0x0003, 8, inner);
}

const MANIFEST: El = {
  name: 'manifest',
  attrs: [
    ['package', STRING, 'org.example.app'],
    ['versionCode', INT, 7],
    ['#0', STRING, '3.1'], // blanked name, resolved through the resource map (versionName)
  ],
  children: [
    { name: 'uses-sdk', attrs: [['minSdkVersion', INT, 24], ['targetSdkVersion', INT, 34]] },
    { name: 'uses-permission', attrs: [['name', STRING, 'android.permission.RECORD_AUDIO']] },
    { name: 'uses-permission', attrs: [['name', STRING, 'android.permission.RECORD_AUDIO']] },
    {
      name: 'application',
      attrs: [['debuggable', BOOL, 0xffffffff], ['usesCleartextTraffic', BOOL, 0], ['label', STRING, 'Example']],
      children: [
        { name: 'activity', attrs: [['name', STRING, 'Main']], children: [{ name: 'intent-filter' }] },
        { name: 'service', attrs: [['name', STRING, 'com.other.Svc'], ['exported', BOOL, 0]] },
        { name: 'receiver', attrs: [['name', STRING, '.Rx'], ['exported', BOOL, 1]] },
      ],
    },
  ],
};

describe('android binary XML', () => {
  it.each([true, false])('decodes elements and typed attributes (utf8 pool: %s)', (utf8) => {
    const { root, problems } = decodeBinaryXml(axml(MANIFEST, utf8, [0x0101021c], ['']));
    expect(problems).toEqual([]);
    expect(root?.attrs).toEqual({ package: 'org.example.app', versionCode: 7, versionName: '3.1' });
    expect(root?.children.map((c) => c.name)).toEqual(['uses-sdk', 'uses-permission', 'uses-permission', 'application']);
  });

  it('reports a non-AXML file and a truncated one without throwing', () => {
    expect(decodeBinaryXml(Buffer.from('<manifest/>')).problems[0]?.code).toBe('corrupt');
    const cut = decodeBinaryXml(axml(MANIFEST, true).subarray(0, 200));
    expect(cut.problems.map((p) => p.code)).toContain('truncated');
  });

  it('never throws on mutated documents', () => {
    const sample = axml(MANIFEST, false, [0x0101021c], ['']);
    const next = rng(4);
    for (let i = 0; i < 1000; i++) expect(() => decodeBinaryXml(mutate(sample, next))).not.toThrow();
  });
});

describe('apk', () => {
  it('reads manifest facts, permissions, exported components and member facts', () => {
    const members = ['AndroidManifest.xml', 'classes.dex', 'classes2.dex', 'lib/x86/libz.so', 'lib/x86/liba.so', 'META-INF/CERT.RSA', 'META-INF/CERT.SF'];
    const { app, problems } = analyseApk({ path: ['a.apk'], members, manifest: axml(MANIFEST, true, [0x0101021c], ['']), blockSchemes: ['v2', 'v3'] });
    expect(problems).toEqual([]);
    expect(app).toEqual({
      platform: 'android',
      path: ['a.apk'],
      id: 'org.example.app',
      name: 'Example',
      version: '3.1',
      build: '7',
      minOs: '24',
      targetSdk: '34',
      permissions: [{ name: 'android.permission.RECORD_AUDIO', protectionLevel: 'dangerous' }],
      android: {
        debuggable: true,
        allowBackup: true,
        usesCleartextTraffic: false,
        exported: [
          { kind: 'activity', name: 'org.example.app.Main', reason: 'intent-filter' },
          { kind: 'receiver', name: 'org.example.app.Rx', reason: 'exported' },
        ],
        nativeLibs: { x86: ['liba.so', 'libz.so'] },
        dexCount: 2,
        signing: { v1: ['META-INF/CERT.RSA'], schemes: ['v1', 'v2', 'v3'] },
      },
    });
  });

  it('gives a problem, not an app, when the manifest has no <manifest> root', () => {
    const r = analyseApk({ path: [], members: [], manifest: axml({ name: 'resources' }, true), blockSchemes: [] });
    expect(r.app).toBeUndefined();
    expect(r.problems[0]?.code).toBe('corrupt');
  });

  it.each([
    ['android.permission.CAMERA', 'dangerous'],
    ['android.permission.INTERNET', 'normal'],
    ['android.permission.SYSTEM_ALERT_WINDOW', 'signature'],
    ['com.example.permission.X', undefined],
  ])('protection level of %s is %s', (p, level) => {
    expect(platformProtectionLevel(p)).toBe(level);
  });

  it('present() keeps only non-empty fields', () => {
    expect(present({ a: 'x', b: '', c: undefined })).toEqual({ a: 'x' });
  });
});

// plistlib.dumps({...}, fmt=FMT_BINARY) from CPython 3.11.
const BPLIST = Buffer.from(
  'YnBsaXN0MDDaAQIDBAUGBwgJCgsMDQ4PEBMUFRhTQmlnXxASQ0ZCdW5kbGVJZGVudGlmaWVyXxAaQ0ZCdW5kbGVTaG9ydFZlcnNpb25TdHJpbmdRRFFGUUxRTlNOZWdTU3ViUVQTAAABAAAAAABdb3JnLmJpbmxlbnMudFMxLjJCAAEjP/gAAAAAAACiERJRYWIA6U4tECoT//////////vRFhdRa1F2CQgdITZTVVdZW19jZW58gIOMj5GWmKGkpqgAAAAAAAABAQAAAAAAAAAZAAAAAAAAAAAAAAAAAAAAqQ==',
  'base64',
);

describe('plist', () => {
  it('reads a binary plist of every common type', () => {
    expect({ ...(parsePlist(BPLIST) as object) }).toEqual({
      Big: 2 ** 40,
      CFBundleIdentifier: 'org.binlens.t',
      CFBundleShortVersionString: '1.2',
      D: Buffer.from([0, 1]),
      F: 1.5,
      L: ['a', 'é中'],
      N: 42,
      Neg: -5,
      Sub: expect.objectContaining({ k: 'v' }),
      T: true,
    });
  });

  it('reads an XML plist with entities, empty elements and nesting', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
  <key>A&amp;B</key><string>x &lt; y &#65;</string>
  <!-- comment -->
  <key>n</key><integer>-3</integer><key>ok</key><true/><key>e</key><array/>
  <key>d</key><dict><key>k</key><array><string>v</string><false/></array></dict>
  <key>s</key><string/>
</dict></plist>`;
    expect(JSON.parse(JSON.stringify(parsePlist(Buffer.from(xml))))).toEqual({ 'A&B': 'x < y A', n: -3, ok: true, e: [], d: { k: ['v', false] }, s: '' });
  });

  it('a __proto__ key is data', () => {
    const v = parsePlist(Buffer.from('<plist><dict><key>__proto__</key><string>x</string></dict></plist>')) as Record<string, unknown>;
    expect(Object.keys(v)).toEqual(['__proto__']);
  });

  it('never throws anything but PlistError on mutated input', () => {
    const next = rng(9);
    for (let i = 0; i < 1000; i++) {
      try {
        parsePlist(mutate(BPLIST, next));
      } catch (err) {
        expect(err).toBeInstanceOf(PlistError);
      }
    }
  });

  it('rejects a self-referencing array by depth, not by stack overflow', () => {
    // bplist00, object 0 = array of one ref to itself; offset table at 10; trailer.
    const b = Buffer.concat([Buffer.from('bplist00'), Buffer.from([0xa1, 0x00]), Buffer.from([0x08]), Buffer.alloc(32)]);
    b.writeUInt8(1, b.length - 26);
    b.writeUInt8(1, b.length - 25);
    b.writeBigUInt64BE(1n, b.length - 24);
    b.writeBigUInt64BE(10n, b.length - 8);
    expect(() => parsePlist(b)).toThrow(PlistError);
  });
});

describe('ipa', () => {
  const info = `<plist><dict><key>CFBundleIdentifier</key><string>com.example.x</string><key>CFBundleExecutable</key><string>X</string>
<key>CFBundleShortVersionString</key><string>1.0</string><key>NSMicrophoneUsageDescription</key><string>Talk</string>
<key>NSAppTransportSecurity</key><dict><key>NSAllowsArbitraryLoads</key><false/></dict></dict></plist>`;
  const members = ['Payload/X.app/Info.plist', 'Payload/X.app/X', 'Payload/X.app/Frameworks/F.framework/Info.plist', 'Payload/X.app/Frameworks/F.framework/F'];

  it('names the files to read', () => {
    expect(ipaFilesToRead(members)).toEqual(['Payload/X.app/Info.plist', 'Payload/X.app/embedded.mobileprovision', 'Payload/X.app/Frameworks/F.framework/Info.plist']);
    expect(ipaFilesToRead(['Payload/readme.txt'])).toEqual([]);
  });

  it('reads the app and its frameworks; a broken framework plist is a problem', () => {
    const files = new Map([
      ['Payload/X.app/Info.plist', Buffer.from(info)],
      ['Payload/X.app/Frameworks/F.framework/Info.plist', Buffer.from('bplist00garbage')],
    ]);
    const exe = { path: ['x.ipa', 'Payload/X.app/X'], size: 1, sha1: '', sha256: '', executable: { format: 'macho' as const, machine: 'arm64', bits: 64 as const, endianness: 'little' as const, type: 'executable', encrypted: true } };
    const r = analyseIpa({ path: ['x.ipa'], files, members, entry: (inner) => (inner === 'Payload/X.app/X' ? exe : undefined) });
    expect(r.app).toMatchObject({ id: 'com.example.x', version: '1.0', permissions: [{ name: 'NSMicrophoneUsageDescription', usage: 'Talk' }] });
    expect(r.app?.ios).toMatchObject({ executable: exe.path, encrypted: true, ats: { allowsArbitraryLoads: false, exceptionDomains: [] } });
    expect(r.components.map((c) => [c.name, c.version, c.codetype])).toEqual([['F', '', 'MA']]);
    expect(r.problems.map((p) => p.location.at(-1))).toEqual(['Payload/X.app/Frameworks/F.framework/Info.plist']);
  });
});
