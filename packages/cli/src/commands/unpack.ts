// `binlens unpack FILE`: take FILE apart and show (or write) the file tree. Thin:
// parse arguments, call the engine's unpackFile, print or copy what it found.
import { constants, copyFileSync, linkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { escapeText, type FileEntry, type UnpackedTree, unpackFile } from '@binlens/engine';
import { type CliIo, type Command, parseCommandLine, reportUsageError } from '../command.ts';
import { LIMIT_HELP, LIMIT_OPTIONS, scanLimits } from '../limit-options.ts';

const USAGE = `Usage: binlens unpack FILE [--out DIR] [--list] [--json] [--time-limit SECONDS]

Take FILE apart (archives, packages, firmware, container images, carved payloads), recursively.

Options:
  -o, --out DIR   write the unpacked tree under DIR (a container's members go to NAME.extracted/)
  -l, --list      print one line per file: path, type, size, handler, layer, deleted-by (tab-separated;
                  the default); deleted-by is the later image layer whose whiteout deleted the file
  -j, --json      print the tree as JSON
${LIMIT_HELP}
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
    { out: { type: 'string', short: 'o' }, list: { type: 'boolean', short: 'l' }, json: { type: 'boolean', short: 'j' }, ...LIMIT_OPTIONS },
    USAGE,
    io,
  );
  if (typeof parsed === 'number') return parsed;
  const { values, positionals } = parsed;
  const [file, ...extra] = positionals;
  if (file === undefined) return reportUsageError(io, 'missing FILE', USAGE);
  if (extra.length > 0) return reportUsageError(io, `unexpected argument "${extra[0]}"`, USAGE);
  if (values.list && values.json) return reportUsageError(io, '--list and --json exclude each other', USAGE);
  const limits = scanLimits(values);
  if (typeof limits === 'string') return reportUsageError(io, limits, USAGE);

  const out = values.out === undefined ? undefined : resolve(values.out);
  const failures: string[] = [];
  let tree: UnpackedTree;
  try {
    if (out !== undefined) await mkdir(out, { recursive: true });
    const withFiles = out === undefined ? undefined : (files: OutFile[]) => writeOut(out, files, failures);
    tree = await unpackFile(file, { signal: io.signal, limits, ...(withFiles ? { withFiles } : {}) });
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

/**
 * `path<TAB>type<TAB>size<TAB>handler<TAB>layer<TAB>deleted-by`; `-` for an absent field.
 * A container image's file that a later layer deleted (whiteout or opaque directory) is
 * still listed, since its bytes ship in the image, with that layer as `deleted-by`. Fields
 * are escaped (`escapeText`): a name holding a newline, a tab or an ANSI escape stays one
 * row of six fields and never reaches the terminal raw.
 */
export function listLine(file: FileEntry): string {
  const type = file.linkTarget !== undefined ? 'link' : (file.format ?? '-');
  return [file.path.join('/'), type, String(file.size), file.handler ?? '-', file.layer ?? '-', file.whiteout ?? '-'].map(escapeText).join('\t');
}

function toJson(tree: UnpackedTree): unknown {
  return {
    input: tree.input,
    files: tree.files.map((f) => ({ ...f, extended_fullpath: f.path.join('/') })),
    'docker-images': tree.dockerImages,
    problems: tree.problems,
  };
}

type OutFile = { entry: FileEntry; diskPath: string | undefined };

/** Directories made at once: creating one is slow on a journalling file system, and they wait on I/O, not CPU. */
const MKDIR_CONCURRENCY = 16;

/**
 * Copy the unpacked files to DIR: `['fw.bin', '0x10000.squashfs', 'etc/passwd']` →
 * `DIR/fw.bin.extracted/0x10000.squashfs.extracted/etc/passwd`. Member paths are
 * normalised by the engine (no `..`, not absolute); each target is checked to lie
 * inside DIR all the same, and never overwrites (link and COPYFILE_EXCL both refuse an
 * existing target). A hard link when DIR is on the work directory's file system (the
 * work directory is deleted afterwards, so the bytes are DIR's alone), a copy otherwise.
 * Links found in FILE are listed, not created. Directories first, level by level, many
 * at once (a root file system has thousands, each ~0.25 ms to make); then the files,
 * synchronously: a link is ~10 µs, less than a round trip through the thread pool.
 */
async function writeOut(out: string, files: OutFile[], failures: string[]): Promise<void> {
  const targets: { target: string; diskPath: string }[] = [];
  const dirs = new Set<string>();
  for (const { entry, diskPath } of files) {
    if (diskPath === undefined) continue;
    const target = targetPath(out, entry);
    if (target === undefined) {
      failures.push(`refused to write ${escapeText(entry.path.join('/'))} outside ${out}`);
      continue;
    }
    targets.push({ target, diskPath });
    for (let dir = dirname(target); dir.length > out.length && !dirs.has(dir); dir = dirname(dir)) dirs.add(dir);
  }
  const levels = new Map<number, string[]>();
  for (const dir of dirs) {
    const depth = dir.split(sep).length;
    const level = levels.get(depth);
    if (level) level.push(dir);
    else levels.set(depth, [dir]);
  }
  for (const depth of [...levels.keys()].sort((a, b) => a - b)) {
    const level = levels.get(depth) ?? [];
    for (let i = 0; i < level.length; i += MKDIR_CONCURRENCY) {
      // A directory that cannot be made (a file holds its name) fails the files under it below.
      await Promise.all(level.slice(i, i + MKDIR_CONCURRENCY).map((dir) => mkdir(dir).catch(() => undefined)));
    }
  }
  for (const { target, diskPath } of targets) {
    try {
      try {
        linkSync(diskPath, target);
      } catch (err) {
        // Another file system, or one without hard links.
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw err;
        copyFileSync(diskPath, target, constants.COPYFILE_EXCL);
      }
    } catch (err) {
      failures.push(`cannot write ${escapeText(target)}: ${escapeText((err as Error).message)}`);
    }
  }
}

/** The file's place under `out`, or undefined when it would not lie inside. */
function targetPath(out: string, entry: FileEntry): string | undefined {
  const segments = entry.path.flatMap((element, i) => {
    const parts = element.split('/');
    return i < entry.path.length - 1 ? [...parts.slice(0, -1), `${parts.at(-1) ?? ''}.extracted`] : parts;
  });
  const target = join(out, ...segments);
  const inside = relative(out, target);
  if (segments.some((s) => s === '' || s === '.' || s === '..') || inside.startsWith(`..${sep}`) || inside === '..' || resolve(target) !== target) return undefined;
  return target;
}
