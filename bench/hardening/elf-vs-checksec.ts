// Benchmark: our ELF hardening attributes against Debian's checksec (`checksec --output=json
// --file=X`) on the same files: the gcc fixture cases (every flag combination that matters,
// packages/engine/fixtures/executables) plus the ELF files under /usr/bin and /usr/lib of
// this machine. Prints agreement per attribute and our speed against checksec's.
// Run by hand, never by the test suite; skips when checksec is not installed.
//
//   node bench/hardening/elf-vs-checksec.ts [MAX_SYSTEM_FILES=800]
//
// Last run (Debian 12 container, checksec 2.6.0, 21 gcc cases + the first 796 ELF files of
// /usr/bin then /usr/lib in name order): 100.00% agreement on all eight attributes, 817/817;
// checksec 286 s, binlens 2.6 s (111x).
//
// Deliberate differences, none of them in that sample, each checked by hand:
// - pie: an ET_DYN with PT_INTERP but no DT_DEBUG (glibc's /lib/x86_64-linux-gnu/libc.so.6)
//   is a PIE to us and "dso" to checksec, which only looks for DT_DEBUG. The kernel runs such
//   a file as a position-independent executable, so ours answers "can it run at a random
//   address"; its `type` is `executable`.
// - relro: we take DF_1_NOW (DT_FLAGS_1) as BIND_NOW as ld.so does; checksec greps
//   `readelf -d` for the text BIND_NOW, which DF_1_NOW alone does not print.
// - fortify counts (not the yes/no compared here): checksec counts duplicate versioned names
//   (memcpy@GLIBC_2.2.5 and memcpy@GLIBC_2.14) twice; libc.so.6 is 157 fortifiable to us, 170 to it.
// - nx: checksec says "no" only for a GNU_STACK with flags RWE; we say no for any PF_X.
import { execFileSync, spawnSync } from 'node:child_process';
import { lstatSync, readdirSync, openSync, readSync, closeSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecutableInfo } from '@binlens/engine/model';
import { readElf } from '../../packages/engine/src/executables/elf.ts';
import { openReader } from '../../packages/engine/src/util/reader.ts';

const ATTRIBUTES = ['nx', 'pie', 'relro', 'canary', 'fortify', 'rpath', 'runpath', 'stripped'] as const;
type Attribute = (typeof ATTRIBUTES)[number];
type Row = Record<Attribute, string>;

const maxSystem = Number(process.argv[2] ?? 800);
if (spawnSync('checksec', ['--version']).error) {
  console.log('checksec not installed (apt-get install checksec): skipped');
  process.exit(0);
}

const files = [...fixtureFiles(), ...systemElves(['/usr/bin', '/usr/lib'], maxSystem)];
const theirs = new Map<string, Row>();
const ours = new Map<string, Row>();
const checksecMs = time(() => {
  for (const file of files) theirs.set(file, fromChecksec(file));
});
const oursMs = await timeAsync(async () => {
  for (const file of files) ours.set(file, await fromEngine(file));
});

console.log(`files: ${files.length} ELF (${fixtureFiles().length} gcc cases + ${files.length - fixtureFiles().length} from /usr/bin and /usr/lib)`);
for (const attribute of ATTRIBUTES) {
  const differ = files.filter((f) => ours.get(f)?.[attribute] !== theirs.get(f)?.[attribute]);
  const agree = files.length - differ.length;
  console.log(`${attribute.padEnd(9)} ${((100 * agree) / files.length).toFixed(2).padStart(6)}%  (${agree}/${files.length})`);
  for (const f of differ.slice(0, 5)) console.log(`    ${f}: ours ${ours.get(f)?.[attribute]}, checksec ${theirs.get(f)?.[attribute]}`);
  if (differ.length > 5) console.log(`    ... and ${differ.length - 5} more`);
}
console.log(`checksec: ${checksecMs.toFixed(0)} ms, binlens: ${oursMs.toFixed(0)} ms, speed ratio ${(checksecMs / oursMs).toFixed(1)}x`);

function fromChecksec(file: string): Row {
  const out = execFileSync('checksec', ['--output=json', `--file=${file}`], { encoding: 'utf8', maxBuffer: 1 << 24 });
  const row = (JSON.parse(out) as Record<string, Record<string, string>>)[file] ?? {};
  return {
    nx: row.nx ?? '?',
    pie: row.pie ?? '?',
    relro: row.relro ?? '?',
    canary: row.canary ?? '?',
    fortify: row.fortify_source ?? '?',
    rpath: row.rpath ?? '?',
    runpath: row.runpath ?? '?',
    stripped: row.symbols === 'yes' ? 'no' : row.symbols === 'no' ? 'yes' : '?',
  };
}

async function fromEngine(file: string): Promise<Row> {
  const reader = await openReader(file);
  try {
    const result = await readElf(reader);
    if (!('info' in result)) return { nx: '!', pie: '!', relro: '!', canary: '!', fortify: '!', rpath: '!', runpath: '!', stripped: '!' };
    const e: ExecutableInfo = result.info;
    const yn = (v: boolean | undefined): string => (v ? 'yes' : 'no');
    return {
      nx: yn(e.nx),
      pie: e.pie === true ? 'yes' : e.pie === false ? 'no' : e.type === 'relocatable' ? 'rel' : 'dso',
      relro: e.relro === 'full' || e.relro === 'partial' ? e.relro : 'no',
      canary: yn(e.canary),
      fortify: yn(e.fortify),
      rpath: yn((e.rpath?.length ?? 0) > 0),
      runpath: yn((e.runpath?.length ?? 0) > 0),
      stripped: yn(e.stripped),
    };
  } finally {
    await reader.close();
  }
}

function fixtureFiles(): string[] {
  const dir = fileURLToPath(new URL('../../packages/engine/fixtures/executables/', import.meta.url));
  // Only the ELF fixtures: the others (PE, Mach-O, kernel configs) are not checksec's.
  return readdirSync(dir)
    .filter((name) => name.startsWith('elf-'))
    .sort()
    .map((name) => join(dir, name, name));
}

/** Regular ELF files (not links) under the roots, one per inode, sorted, at most `max`. */
function systemElves(roots: string[], max: number): string[] {
  const out: string[] = [];
  const inodes = new Set<number>();
  const walk = (dir: string): void => {
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return;
    }
    for (const name of names) {
      if (out.length >= max) return;
      const path = join(dir, name);
      const st = lstatSync(path, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(path);
      else if (st.isFile() && st.size > 64 && !inodes.has(st.ino) && isElfFile(path)) {
        inodes.add(st.ino);
        out.push(path);
      }
    }
  };
  for (const root of roots) walk(root);
  return out;
}

function isElfFile(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.equals(Buffer.from([0x7f, 0x45, 0x4c, 0x46]));
  } finally {
    closeSync(fd);
  }
}

function time(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

async function timeAsync(work: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

