import { describe, expect, it } from 'vitest';
import { inPackageDocumentation } from './package-documentation.ts';
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

describe('package documentation', () => {
  it('is a documentation directory of a root file system at any level of the extended path', () => {
    expect(inPackageDocumentation(['usr/share/doc/tool/copyright'])).toBe(true);
    expect(inPackageDocumentation(['./usr/share/man/man1/tool.1.gz', 'tool.1'])).toBe(true);
    expect(inPackageDocumentation(['firmware.bin', 'rootfs.squashfs', 'usr/share/common-licenses/GPL-3'])).toBe(true);
    expect(inPackageDocumentation(['opt/app/usr/share/licenses/tool/LICENSE'])).toBe(true);
    expect(inPackageDocumentation(['usr/share/tool/config.ini'])).toBe(false);
    expect(inPackageDocumentation(['etc/tool/doc/README'])).toBe(false);
    expect(inPackageDocumentation(['home/jane/usr-share-doc.txt'])).toBe(false);
  });

  it("makes its authors' addresses and links decoys, while a password in a link is still reported", () => {
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
