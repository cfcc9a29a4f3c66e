import { describe, expect, it } from 'vitest';
import { ANY, cpeMatches, formatCpe22, formatCpe23, parseCpe, type Cpe } from './cpe.ts';

const must = (s: string): Cpe => {
  const cpe = parseCpe(s);
  if (cpe === null) throw new Error(`test CPE does not parse: ${s}`);
  return cpe;
};

describe('parseCpe (2.3 formatted strings)', () => {
  it('parses a concrete application CPE', () => {
    expect(parseCpe('cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*')).toEqual({
      part: 'a', vendor: 'openssl', product: 'openssl', version: '1.0.2k', update: ANY, edition: ANY,
      language: ANY, swEdition: ANY, targetSw: ANY, targetHw: ANY, other: ANY,
    });
  });

  it('parses an OS CPE with ANY version and an NA attribute', () => {
    const kernel = must('cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*');
    expect([kernel.part, kernel.product, kernel.version]).toEqual(['o', 'linux_kernel', '*']);
    const plugin = must('cpe:2.3:a:acf-extended:advanced_custom_fields\\:extended:*:*:*:*:-:wordpress:*:*');
    expect([plugin.product, plugin.swEdition, plugin.targetSw]).toEqual(['advanced_custom_fields:extended', '-', 'wordpress']);
  });

  it('unescapes quoted punctuation', () => {
    const npm = must('cpe:2.3:a:\\@thi.ng\\/egf_project:\\@thi.ng\\/egf:*:*:*:*:*:node.js:*:*');
    expect([npm.vendor, npm.product, npm.targetSw]).toEqual(['@thi.ng/egf_project', '@thi.ng/egf', 'node.js']);
    const amp = must('cpe:2.3:a:akashmalik:scratch_\\&_win:*:*:*:*:*:wordpress:*:*');
    expect(amp.product).toBe('scratch_&_win');
  });

  it.each([
    'cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*',
    'cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*:*',
    'cpe:2.3:x:openssl:openssl:1.0.2k:*:*:*:*:*:*:*',
    'cpe:2.3:a::openssl:1.0.2k:*:*:*:*:*:*:*',
    'cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:\\',
    'cpe:2.2:a:openssl',
    '',
  ])('rejects %s', (s) => {
    expect(parseCpe(s)).toBe(null);
  });
});

describe('parseCpe (2.2 URIs)', () => {
  it('fills missing attributes with ANY', () => {
    expect(formatCpe23(must('cpe:/a:openssl:openssl:1.0.2k'))).toBe('cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*');
  });

  it('unpacks the edition and percent-decodes', () => {
    expect(formatCpe23(must('cpe:/a:10web:photo_gallery:1.2.82::~~~wordpress~~'))).toBe(
      'cpe:2.3:a:10web:photo_gallery:1.2.82:*:*:*:*:wordpress:*:*',
    );
    expect(must('cpe:/a:convert%3a%3aasn1_project:convert%3a%3aasn1:0.27::~~~perl~~').product).toBe('convert::asn1');
    expect(must('cpe:/a:cisco:finesse:9.1%281%29_su1').version).toBe('9.1(1)_su1');
    expect(must('cpe:/a:2checkout:ithemes_2checkout:-::~~~wordpress~~').version).toBe('-');
  });

  it.each(['cpe:/a:x:y:%zz', 'cpe:/a:x:y:1::~a~b', 'cpe:/q:x:y'])('rejects %s', (s) => {
    expect(parseCpe(s)).toBe(null);
  });
});

describe('formatCpe23 / formatCpe22', () => {
  it.each([
    'cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*',
    'cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*',
    'cpe:2.3:a:busybox:busybox:1.36.1:*:*:*:*:*:*:*',
    'cpe:2.3:a:\\@nubosoftware\\/node-static_project:\\@nubosoftware\\/node-static:*:*:*:*:*:node.js:*:*',
    'cpe:2.3:a:acowebs:product_labels_for_woocommerce_\\(sale_badges\\):*:*:*:*:*:wordpress:*:*',
    'cpe:2.3:a:microsoft:.net_framework:4.8:*:*:*:*:*:*:*',
  ])('round-trips %s', (s) => {
    expect(formatCpe23(must(s))).toBe(s);
  });

  it('escapes punctuation that NVD escapes', () => {
    expect(formatCpe23({ ...must('cpe:2.3:a:gnu:gcc:*:*:*:*:*:*:*:*'), product: 'g++' })).toBe(
      'cpe:2.3:a:gnu:g\\+\\+:*:*:*:*:*:*:*:*',
    );
  });

  it.each([
    ['cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*', 'cpe:/a:openssl:openssl:1.0.2k'],
    ['cpe:2.3:a:10web:photo_gallery:1.2.82:*:*:*:*:wordpress:*:*', 'cpe:/a:10web:photo_gallery:1.2.82::~~~wordpress~~'],
    ['cpe:2.3:a:cmsmadesimple:bable\\:multilingual_site:0.3.3:*:*:*:*:*:*:*', 'cpe:/a:cmsmadesimple:bable%3amultilingual_site:0.3.3'],
    ['cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*', 'cpe:/o:linux:linux_kernel'],
  ])('formats %s as %s', (s, uri) => {
    expect(formatCpe22(must(s))).toBe(uri);
  });
});

describe('cpeMatches', () => {
  const kernel = 'cpe:2.3:o:linux:linux_kernel:*:*:*:*:*:*:*:*';
  const openssl = 'cpe:2.3:a:openssl:openssl:*:*:*:*:*:*:*:*';
  const openssl102k = 'cpe:2.3:a:openssl:openssl:1.0.2k:*:*:*:*:*:*:*';
  const busybox = 'cpe:2.3:a:busybox:busybox:1.36.1:*:*:*:*:*:*:*';
  const busyboxNoUpdate = 'cpe:2.3:a:busybox:busybox:1.36.1:-:*:*:*:*:*:*';

  it.each([
    [openssl, openssl102k, true],
    [openssl102k, openssl102k, true],
    [openssl102k, 'cpe:2.3:a:OpenSSL:OpenSSL:1.0.2K:*:*:*:*:*:*:*', true],
    [openssl102k, 'cpe:2.3:a:openssl:openssl:1.0.2l:*:*:*:*:*:*:*', false],
    [openssl102k, openssl, false],
    [kernel, 'cpe:2.3:o:linux:linux_kernel:5.10.217:*:*:*:*:*:*:*', true],
    [kernel, 'cpe:2.3:a:linux:linux_kernel:5.10.217:*:*:*:*:*:*:*', false],
    [busybox, busyboxNoUpdate, true],
    [busyboxNoUpdate, 'cpe:2.3:a:busybox:busybox:1.36.1:rc1:*:*:*:*:*:*', false],
    [busyboxNoUpdate, busyboxNoUpdate, true],
    ['cpe:2.3:a:jenkins:git:*:*:*:*:*:jenkins:*:*', 'cpe:2.3:a:jenkins:git:4.0:*:*:*:*:wordpress:*:*', false],
  ] as const)('%s matches %s: %s', (criteria, candidate, want) => {
    expect(cpeMatches(must(criteria), must(candidate))).toBe(want);
  });
});
