// GET /rest/scans/{id}/files/, files/detail/ and layers/: a ready scan's file tree, one file
// with what it carries, and its container images layer by layer (files-tree.ts, files-images.ts).
import { type Static, Type } from 'typebox';
import { PageQuery, Paged } from '../../lib/paging.ts';
import { InfoleakItem } from './analysis.schemas.ts';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** An extended path in a query: JSON text, bounded before it is parsed. */
const MAX_PATH_TEXT = 16_384;

const Digest = Type.String({ description: 'A layer digest (64 hex).' });

export const FileComponent = Type.Object({
  uid: Type.String(),
  lib: Type.String(),
  version: Type.String(),
}, { title: 'FileComponent' });

const entryFields = {
  name: Type.String({ description: 'The last name of the path: a file or folder name, or the input\'s name for the root.' }),
  path: Type.Array(Type.String(), { description: 'Extended path: element 0 inside the input, each next inside the container before it; [] is the input.' }),
  type: Type.Union([Type.Literal('file'), Type.Literal('folder')], { description: 'A folder exists only in member names; every other node is a file.' }),
  is_container: Type.Boolean({ description: 'A file whose content was unpacked: its children are the files unpacked from it.' }),
  has_children: Type.Boolean(),
  child_count: Type.Integer({ description: 'Direct children: what `parent` set to this path lists.' }),
  format: Nullable(Type.String({ description: 'The engine\'s format name, e.g. filesystem/squashfs, executable/elf.' })),
  format_name: Nullable(Type.String({ description: 'The format in words, e.g. "SquashFS file system"; null when there is none.' })),
  size: Nullable(Type.Integer({ description: 'Bytes; null for a folder.' })),
  sha1: Nullable(Type.String()),
  sha256: Nullable(Type.String()),
  link_target: Nullable(Type.String({ description: 'A symbolic or hard link\'s target as recorded (never followed).' })),
  layer: Nullable(Digest),
  whiteout: Nullable(Type.String({ description: 'The later layer (64 hex) whose whiteout deleted the file; null when it is in the image.' })),
  component_count: Type.Integer({ description: 'Components the file is evidence of.' }),
  infoleaks: Type.Integer({ description: 'Information leaks found in the file, documentation examples left out.' }),
  missing_mitigations: Nullable(Type.Integer({ description: 'Mitigations the executable lacks; null when the file is not an executable.' })),
};

/** A list entry names this many of a file's components (a dpkg status file names hundreds). */
export const ENTRY_COMPONENTS = 20;

export const FileTreeEntry = Type.Object({
  ...entryFields,
  components: Type.Array(FileComponent, { description: `The first ${ENTRY_COMPONENTS} components the file is evidence of, by name; the detail lists them all.` }),
}, { title: 'FileTreeEntry' });
export type FileTreeEntry = Static<typeof FileTreeEntry>;

export const FileExecutable = Type.Object({
  format: Type.Union([Type.Literal('elf'), Type.Literal('pe'), Type.Literal('macho')]),
  machine: Type.String(),
  bits: Type.Union([Type.Literal(32), Type.Literal(64)]),
  type: Type.String(),
  missing: Type.Array(Type.String(), { description: 'Missing mitigations, as the executable-attributes list names them.' }),
}, { title: 'FileExecutable' });

export const FileMobileApp = Type.Object({
  platform: Type.Union([Type.Literal('android'), Type.Literal('ios')]),
  id: Type.String(),
  name: Nullable(Type.String()),
}, { title: 'FileMobileApp' });

export const FileDetail = Type.Object({
  ...entryFields,
  components: Type.Array(FileComponent, { description: 'Every component the file is evidence of, by name.' }),
  ancestors: Type.Array(Type.Array(Type.String()), { description: 'The folders and containers above the file, the input ([]) first.' }),
  infoleak_items: Type.Array(InfoleakItem, { description: 'The first 100 of its information leaks, in the scan\'s order; secrets masked (the info-leak list reveals them to who may see them).' }),
  executable: Nullable(FileExecutable),
  mobile_app: Nullable(FileMobileApp),
}, { title: 'FileDetail' });
export type FileDetail = Static<typeof FileDetail>;

export const ImageLayer = Type.Object({
  digest: Digest,
  created_by: Nullable(Type.String({ description: 'The build step that wrote the layer, from the image\'s history (steps that wrote none left out).' })),
  created: Nullable(Type.String()),
  comment: Nullable(Type.String()),
  files: Type.Integer({ description: 'Files from this layer that no later layer deleted.' }),
  components: Type.Array(FileComponent, { description: 'Components whose evidence lies in files of this layer.' }),
  deleted: Type.Integer({ description: 'Files of lower layers this layer deleted (whiteouts, opaque folders).' }),
  deleted_files: Type.Array(Type.Array(Type.String()), { description: 'The first 100 of them, as extended paths.' }),
}, { title: 'ImageLayer' });

export const ContainerImage = Type.Object({
  id: Type.String({ description: 'The config blob\'s sha256 (64 hex).' }),
  repo_tags: Type.Array(Type.String()),
  path: Type.Array(Type.String(), { description: 'Extended path of the archive holding the image; [] for the input.' }),
  layers: Type.Array(ImageLayer, { description: 'Bottom first.' }),
}, { title: 'ContainerImage' });
export type ContainerImage = Static<typeof ContainerImage>;

export const FileTreePage = Paged(FileTreeEntry);
export const ContainerImagePage = Paged(ContainerImage);

export const FileTreeQuery = Type.Object({
  parent: Type.Optional(Type.String({
    maxLength: MAX_PATH_TEXT,
    description: 'The folder or container whose direct children to list, as a JSON array (an extended path: `["rootfs.squashfs","etc"]`); absent or `[]` for the top level.',
  })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text in the path, over the whole tree; the results are flat, in tree order. Not with `parent`.' })),
  ...PageQuery,
});
export type FileTreeQuery = Static<typeof FileTreeQuery>;

export const FileDetailQuery = Type.Object({
  path: Type.String({ maxLength: MAX_PATH_TEXT, description: 'The file\'s extended path as a JSON array; `[]` is the input.' }),
});
