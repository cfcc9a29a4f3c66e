// A ready scan's files as a tree, for the file-tree items (result-items.ts). Every extended
// path is a node: the input is the root ([]); each element of a path holds folders (`usr/bin`
// in `["rootfs.squashfs", "usr/bin/ls"]`), and a file whose content was unpacked (a container:
// an archive, a file system, an image) holds the files unpacked from it. Folders exist only in
// member names, so they are made here. Nodes come depth first, each folder's children folders
// first then by name, so a folder's children are one run of positions and a search lists
// results in tree order.
import { createHash } from 'node:crypto';
import type { FileEntry, Identification } from '@binlens/engine/model';
import { formatName } from './files-format-names.ts';

/** A component a file is evidence of. */
export interface FileComponent {
  uid: string;
  lib: string;
  version: string;
}

/** An executable's identity and what it lacks. */
export interface FileExecutable {
  format: 'elf' | 'pe' | 'macho';
  machine: string;
  bits: 32 | 64;
  type: string;
  missing: string[];
}

export interface FileMobileApp {
  platform: 'android' | 'ios';
  id: string;
  name: string | null;
}

/** One node of the tree as stored: what the list shows and what the detail adds. */
export interface StoredFileNode {
  name: string;
  path: string[];
  type: 'file' | 'folder';
  /** A file whose content was unpacked: its children are the files unpacked from it. */
  is_container: boolean;
  child_count: number;
  format: string | null;
  format_name: string | null;
  size: number | null;
  sha1: string | null;
  sha256: string | null;
  link_target: string | null;
  layer: string | null;
  whiteout: string | null;
  components: FileComponent[];
  /** Information leaks found in the file, documentation examples left out. */
  infoleaks: number;
  /** The ids of the first of them (infoleak items' idx), for the detail. */
  infoleak_ids: number[];
  executable: FileExecutable | null;
  mobile_app: FileMobileApp | null;
}

/** The detail lists this many of a file's leaks; the info-leak tab lists them all. */
export const MAX_LEAK_IDS = 100;

/** The tree's nodes, root first, depth first, siblings folders first then by name. */
export function fileTreeNodes(identification: Identification): StoredFileNode[] {
  const findings = new Findings(identification);
  const nodes = new Map<string, Building>();
  const root = building([], identification.input.name);
  nodes.set(keyOf([]), root);
  // The node of `path`, made with every folder above it that is not there yet (a loop, not
  // recursion: a hostile member name may hold thousands of slashes).
  const place = (path: string[]): Building => {
    const found = nodes.get(keyOf(path));
    if (found) return found;
    const node = building(path, nameOf(path));
    nodes.set(keyOf(path), node);
    for (let child = node, up = parentOf(path) ?? []; ; up = parentOf(up) ?? []) {
      const above = nodes.get(keyOf(up));
      if (above) {
        above.children.push(child);
        return node;
      }
      const folder = building(up, nameOf(up));
      nodes.set(keyOf(up), folder);
      folder.children.push(child);
      child = folder;
    }
  };
  for (const file of identification.files) {
    const node = file.path.length === 0 ? root : place(file.path);
    node.file = file;
  }
  const out: StoredFileNode[] = [];
  const stack: Building[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    out.push(stored(node, findings, identification));
    node.children.sort(siblingOrder);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Building);
  }
  return out;
}

/**
 * The folder or container a node sits in: the path without its last name; null for the root.
 * A member name longer or deeper than real ones (a hostile one) is one name, not folders, so
 * the folders made for a name stay few and short.
 */
export function parentOf(path: readonly string[]): string[] | null {
  const last = path.at(-1);
  if (last === undefined) return null;
  const cut = foldersOf(last) ? last.lastIndexOf('/') : -1;
  return cut === -1 ? path.slice(0, -1) : [...path.slice(0, -1), last.slice(0, cut)];
}

/** Every node above `path`, the root first; empty for the root. */
export function ancestorsOf(path: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let up = parentOf(path); up !== null; up = parentOf(up)) out.push(up);
  return out.reverse();
}

/** What the children of `path` share as their kind: a digest, as a path can be longer than an index entry. */
export function parentKey(path: readonly string[]): string {
  return createHash('sha256').update(keyOf(path)).digest('hex').slice(0, 32);
}

export function nameOf(path: readonly string[]): string {
  const last = path.at(-1) ?? '';
  return foldersOf(last) ? last.slice(last.lastIndexOf('/') + 1) : last;
}

/** PATH_MAX on Linux; real member names are far shorter. */
const MAX_FOLDER_NAME = 4096;
const MAX_FOLDER_DEPTH = 64;

/** Whether a member name is split into folders at its slashes. */
function foldersOf(element: string): boolean {
  if (element.length > MAX_FOLDER_NAME) return false;
  let slashes = 0;
  for (let at = element.indexOf('/'); at !== -1; at = element.indexOf('/', at + 1)) {
    if (++slashes >= MAX_FOLDER_DEPTH) return false;
  }
  return true;
}

interface Building {
  path: string[];
  name: string;
  file?: FileEntry;
  children: Building[];
}

function building(path: string[], name: string): Building {
  return { path, name, children: [] };
}

function keyOf(path: readonly string[]): string {
  return JSON.stringify(path);
}

function siblingOrder(a: Building, b: Building): number {
  const folders = Number(a.file !== undefined) - Number(b.file !== undefined);
  if (folders !== 0) return folders;
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

function stored(node: Building, findings: Findings, identification: Identification): StoredFileNode {
  const file = node.file ?? (node.path.length === 0 ? { ...identification.input, path: [] } : undefined);
  const key = keyOf(node.path);
  const leaks = findings.leaks.get(key) ?? [];
  return {
    name: node.name,
    path: node.path,
    type: file === undefined ? 'folder' : 'file',
    is_container: file !== undefined && node.children.length > 0,
    child_count: node.children.length,
    format: file?.format ?? null,
    format_name: formatName(file?.format),
    size: file?.size ?? null,
    sha1: file?.sha1 ?? null,
    sha256: file?.sha256 ?? null,
    link_target: node.file?.linkTarget ?? null,
    layer: node.file?.layer ?? null,
    whiteout: node.file?.whiteout ?? null,
    components: findings.components.get(key) ?? [],
    infoleaks: leaks.length,
    infoleak_ids: leaks.slice(0, MAX_LEAK_IDS),
    executable: executableOf(node.file),
    mobile_app: findings.apps.get(key) ?? null,
  };
}

function executableOf(file: FileEntry | undefined): FileExecutable | null {
  const exe = file?.executable;
  if (!exe) return null;
  return { format: exe.format, machine: exe.machine, bits: exe.bits, type: exe.type, missing: exe.missing ?? [] };
}

/** What the scan found, by the file it sits in. */
class Findings {
  readonly components = new Map<string, FileComponent[]>();
  /** Infoleak ids (position in the scan's list, from 1) of each file, documentation examples left out. */
  readonly leaks = new Map<string, number[]>();
  readonly apps = new Map<string, FileMobileApp>();

  constructor(identification: Identification) {
    for (const component of identification.components) {
      const carried: FileComponent = { uid: component.id, lib: component.name, version: component.version };
      for (const key of new Set(component.evidence.map((evidence) => keyOf(evidence.path)))) append(this.components, key, carried);
    }
    for (const list of this.components.values()) list.sort((a, b) => compare(a.lib, b.lib) || compare(a.version, b.version));
    (identification.infoleaks ?? []).forEach((leak, i) => {
      if (!leak.decoy) append(this.leaks, keyOf(leak.path), i + 1);
    });
    for (const app of identification.mobileApps ?? []) this.apps.set(keyOf(app.path), { platform: app.platform, id: app.id, name: app.name ?? null });
  }
}

function append<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
