import { describe, expect, it } from 'vitest';
import type { FileEntry } from '../model/index.ts';
import { isInsecureLibraryPath, CODE_RULES } from '../executables/code-rules.ts';
import { UNSAFE_FUNCTIONS } from '../executables/hardening.ts';
import { toNativeCodeFindings } from './native-code-findings.ts';

const elf = (path: string[], executable: Partial<NonNullable<FileEntry['executable']>>): FileEntry => ({
  path,
  size: 1,
  sha1: '',
  sha256: '',
  executable: { format: 'elf', machine: 'x86-64', bits: 64, endianness: 'little', type: 'executable', ...executable },
});

describe('toNativeCodeFindings', () => {
  it('groups an executable\'s unsafe imports by rule and names its insecure library paths', () => {
    const files = [
      elf(['usr/bin/httpd'], { unsafeImports: ['popen', 'sprintf', 'strcat', 'strcpy', 'system'], rpath: ['/usr/lib', 'lib'], runpath: ['$ORIGIN/../lib', '/tmp/build'] }),
      elf(['usr/bin/clean'], { unsafeImports: [], rpath: [] }),
      { path: ['etc/passwd'], size: 1, sha1: '', sha256: '' },
    ];
    expect(toNativeCodeFindings(files, 'fw.bin')).toEqual([
      { path: ['usr/bin/httpd'], rule: 'unbounded-copy', severity: 'high', cwe: 'CWE-120', evidence: ['strcat', 'strcpy'] },
      { path: ['usr/bin/httpd'], rule: 'unbounded-format', severity: 'high', cwe: 'CWE-787', evidence: ['sprintf'] },
      { path: ['usr/bin/httpd'], rule: 'shell-execution', severity: 'medium', cwe: 'CWE-78', evidence: ['popen', 'system'] },
      { path: ['usr/bin/httpd'], rule: 'insecure-library-path', severity: 'high', cwe: 'CWE-426', evidence: ['RPATH lib', 'RUNPATH /tmp/build'] },
    ]);
  });
});

describe('code rules', () => {
  it('name every unsafe function once', () => {
    const named = CODE_RULES.flatMap((rule) => rule.functions);
    expect(new Set(named).size).toBe(named.length);
    expect([...UNSAFE_FUNCTIONS].sort()).toEqual([...named].sort());
  });

  it.each([
    ['', true],
    ['lib', true],
    ['./lib', true],
    ['/tmp', true],
    ['/var/tmp/x/', true],
    ['/dev/shm', true],
    ['/tmpfs/lib', false],
    ['/usr/lib', false],
    ['$ORIGIN/../lib', false],
    ['${ORIGIN}/lib', false],
  ])('library path %j is insecure: %s', (entry, insecure) => {
    expect(isInsecureLibraryPath(entry)).toBe(insecure);
  });
});
