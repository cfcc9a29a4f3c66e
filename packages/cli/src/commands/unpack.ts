// `binlens unpack FILE`: take FILE apart and show (or write) the file tree. Thin:
// parse arguments, call the engine's unpackFile, print or copy what it found.
import { constants, copyFileSync, linkSync, mkdirSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { type FileEntry, type UnpackedTree, unpackFile } from '@binlens/engine';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { TIME_LIMIT_HELP, TIME_LIMIT_OPTION, timeLimit } from '../time-limit.ts';

const USAGE = `Usage: binlens unpack FILE [--out DIR] [--list] [--json] [--time-limit SECONDS]

Take FILE apart (archives, packages, firmware, container images, carved payloads), recursively.

Options:
  -o, --out DIR   write the unpacked tree under DIR (a container's members go to NAME.extracted/)
  -l, --list      print one line per file: path, type, size, handler, layer (tab-separated; the default)
  -j, --json      print the tree as JSON
${TIME_LIMIT_HELP}
  -h, --help      show this help

Exit status: 0 success, 1 FILE cannot be read or DIR cannot be written, 2 usage error, 130 interrupted.`;

export const unpackCommand: Command = {
  name: 'unpack',
  summary: 'unpack FILE [--out DIR] [--list] [--json]   list or extract the files inside FILE',
  usage: USAGE,
  run: runUnpack,
};

async function runUnpack(argv: string[], io: CliIo): Promise<number> {
  const parsed = parseCommandLine(
    argv,
    { out: { type: 'string', short: 'o' }, list: { type: 'boolean', short: 'l' }, json: { type: 'boolean', short: 'j' }, ...TIME_LIMIT_OPTION },
    USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return reportUsageError(io, 'missing FILE', USAGE);
  if (extra.length > 0) return reportUsageError(io, `unexpected argument "${extra[0]}"`, USAGE);
  if (values.list && values.json) return reportUsageError(io, '--list and --json exclude each other', USAGE);
  const limits = timeLimit(values['time-limit']);
  if (typeof limits === 'string') return reportUsageError(io, limits, USAGE);

  const out = values.out === undefined ? undefined : resolve(values.out);
  const failures: string[] = [];
  let tree: UnpackedTree;
  try {
    if (out !== undefined) await mkdir(out, { recursive: true });
    const made = new Set(out === undefined ? [] : [out]);
    const visit = out === undefined ? undefined : async (entry: FileEntry, diskPath: string | undefined) => writeOut(out, entry, diskPath, failures, made);
    tree = await unpackFile(file, { signal: io.signal, limits, ...(visit ? { visit } : {}) });
  } catch (err) {
    if (io.signal?.aborted) {
      io.stderr('binlens: interrupted\n');
      return 130;
    }
    io.stderr(`binlens: cannot unpack ${file}: ${(err as Error).message}\n`);
    return 1;
  }
  for (const failure of failures) io.stderr(`binlens: ${failure}\n`);
  if (values.json) io.stdout(`${JSON.stringify(toJson(tree), null, 2)}\n`);
  else if (values.list || out === undefined) io.stdout(tree.files.map((f) => `${listLine(f)}\n`).join(''));
  return failures.length > 0 ? 1 : 0;
}

/** `path<TAB>type<TAB>size<TAB>handler<TAB>layer`; `-` for an absent field. */
export function listLine(file: FileEntry): string {
  const type = file.linkTarget !== undefined ? 'link' : (file.format ?? '-');
  return [file.path.join('/'), type, String(file.size), file.handler ?? '-', file.layer ?? '-'].join('\t');
}

function toJson(tree: UnpackedTree): unknown {
  return {
    input: tree.input,
    files: tree.files.map((f) => ({ ...f, extended_fullpath: f.path.join('/') })),
    'docker-images': tree.dockerImages,
    problems: tree.problems,
  };
}

/**
 * Copy one unpacked file to DIR: `['fw.bin', '0x10000.squashfs', 'etc/passwd']` →
 * `DIR/fw.bin.extracted/0x10000.squashfs.extracted/etc/passwd`. Member paths are
 * normalised by the engine (no `..`, not absolute); the target is checked to lie
 * inside DIR all the same, and never overwrites (link and COPYFILE_EXCL both refuse an
 * existing target). A hard link when DIR is on the work directory's file system (the
 * work directory is deleted afterwards, so the bytes are DIR's alone), a copy otherwise.
 * Links found in FILE are listed, not created. Synchronous, and each directory made once
 * (`made`): files come one at a time, and a round trip through the thread pool for each
 * of thousands of small steps costs more than the steps themselves.
 */
function writeOut(out: string, entry: FileEntry, diskPath: string | undefined, failures: string[], made: Set<string>): void {
  if (diskPath === undefined) return;
  const segments = entry.path.flatMap((element, i) => {
    const parts = element.split('/');
    return i < entry.path.length - 1 ? [...parts.slice(0, -1), `${parts.at(-1) ?? ''}.extracted`] : parts;
  });
  const target = join(out, ...segments);
  const inside = relative(out, target);
  if (segments.some((s) => s === '' || s === '.' || s === '..') || inside.startsWith(`..${sep}`) || inside === '..' || resolve(target) !== target) {
    failures.push(`refused to write ${entry.path.join('/')} outside ${out}`);
    return;
  }
  try {
    const dir = dirname(target);
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    try {
      linkSync(diskPath, target);
    } catch (err) {
      // Another file system, or one without hard links.
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
      copyFileSync(diskPath, target, constants.COPYFILE_EXCL);
    }
  } catch (err) {
    failures.push(`cannot write ${target}: ${(err as Error).message}`);
  }
}
