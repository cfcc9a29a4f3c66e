import { describe, expect, it } from 'vitest';
import { inPackageAttribution } from './package-attribution.ts';
import { DETECTORS } from './registry.ts';
import { scanBytes } from './scan-text.ts';

const COPYRIGHT = [
  'Upstream-Contact: Jane Roe <jane.roe@corp-mail.net>',
  'Source: https://git.corp-mail.net/jane/tool',
  'Mirror: ftp://mirror:s3cr3tPw@ftp.corp-mail.net/pub/tool',
  '',
].join('\n');

const found = (path: string[], decoys = true) =>
  scanBytes(Buffer.from(COPYRIGHT), path, DETECTORS, { decoys }).map((f) => [f.detector, f.kind, f.value, f.decoy ?? false]);

describe('package attribution', () => {
  it('is the documentation, translations and package database of a root file system, at any level of the extended path', () => {
    expect(inPackageAttribution(['usr/share/doc/tool/copyright'])).toBe(true);
    expect(inPackageAttribution(['./usr/share/man/man1/tool.1.gz', 'tool.1'])).toBe(true);
    expect(inPackageAttribution(['firmware.bin', 'rootfs.squashfs', 'usr/share/common-licenses/GPL-3'])).toBe(true);
    expect(inPackageAttribution(['opt/app/usr/share/licenses/tool/LICENSE'])).toBe(true);
    expect(inPackageAttribution(['usr/share/locale/de/LC_MESSAGES/tool.mo'])).toBe(true);
    expect(inPackageAttribution(['var/lib/dpkg/status'])).toBe(true);
    expect(inPackageAttribution(['lib/apk/db/installed'])).toBe(true);
    expect(inPackageAttribution(['var/lib/tool/state.db'])).toBe(false);
    expect(inPackageAttribution(['usr/share/tool/config.ini'])).toBe(false);
    expect(inPackageAttribution(['etc/tool/doc/README'])).toBe(false);
    expect(inPackageAttribution(['home/jane/usr-share-doc.txt'])).toBe(false);
  });

  it("makes the authors' addresses and links there decoys, while a password in a link is still reported", () => {
    expect(found(['usr/share/doc/tool/copyright'])).toEqual([['url', 'http_credentials', 'ftp://mirror:s3cr3tPw@ftp.corp-mail.net/pub/tool', false]]);
    expect(found(['usr/share/doc/tool/copyright'], false)).toEqual([
      ['email', 'emails', 'jane.roe@corp-mail.net', true],
      ['url', 'urls', 'https://git.corp-mail.net/jane/tool', true],
      ['url', 'http_credentials', 'ftp://mirror:s3cr3tPw@ftp.corp-mail.net/pub/tool', false],
    ]);
  });

  it('leaves the same text elsewhere as it was', () => {
    expect(found(['etc/tool/sources.conf'])).toEqual([
      ['email', 'emails', 'jane.roe@corp-mail.net', false],
      ['url', 'urls', 'https://git.corp-mail.net/jane/tool', false],
      ['url', 'http_credentials', 'ftp://mirror:s3cr3tPw@ftp.corp-mail.net/pub/tool', false],
    ]);
  });
});
