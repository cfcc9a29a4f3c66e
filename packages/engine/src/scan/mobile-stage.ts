// Stage "mobile apps" (part of static analysis): every zip in the tree whose members make
// an APK (binary AndroidManifest.xml at the root) or an IPA (Payload/*.app/Info.plist)
// becomes one `MobileApp`; IPA frameworks are also returned as components for BOM merging.
// Runs after the analyse stage, so an IPA's main executable already has its Mach-O facts.
import type { Component, MobileApp } from '../model/index.ts';
import { APK_PLUGIN, MANIFEST, analyseApk, apkMembersToRead, looksLikeApk } from '../mobile/apk.ts';
import { type SigningBlock, readSigningBlock } from '../mobile/apk-signing-block.ts';
import { IPA_PLUGIN, analyseIpa, ipaFilesToRead } from '../mobile/ipa.ts';
import { openSource } from '../util/reader.ts';
import { type ScanContext, internalProblem } from './context.ts';
import type { TreeFile } from './tree.ts';

const ZIP_FORMAT = 'archive/zip';
/** Manifests and plists above this are not read (real ones are a few KiB to a few hundred). */
const MAX_METADATA_FILE = 4 * 1024 * 1024;
/** DEX files are read whole for their class and string tables (a large app's is ~10 MiB). */
const MAX_DEX_FILE = 64 * 1024 * 1024;

export interface MobileStageResult {
  mobileApps: MobileApp[];
  components: Component[];
}

export async function mobileStage(ctx: ScanContext): Promise<MobileStageResult> {
  const out: MobileStageResult = { mobileApps: [], components: [] };
  const members = membersByContainer(ctx.tree.files);
  for (const zip of ctx.tree.files.filter((f) => f.entry.format === ZIP_FORMAT && f.diskPath !== undefined)) {
    ctx.signal.throwIfAborted();
    const children = members.get(JSON.stringify(zip.entry.path)) ?? new Map<string, TreeFile>();
    try {
      const manifest = children.get(MANIFEST);
      const head = manifest ? await readSmall(manifest) : undefined;
      if (head && looksLikeApk([...children.keys()], head)) await apk(ctx, zip, children, head, out);
      else await ipa(ctx, zip, children, out);
    } catch (err) {
      if (ctx.signal.aborted) throw err;
      ctx.problems.push(internalProblem(zip.entry.path, 'mobile', err));
    }
  }
  return out;
}

async function apk(ctx: ScanContext, zip: TreeFile, children: Map<string, TreeFile>, manifest: Buffer, out: MobileStageResult): Promise<void> {
  const reader = await openSource(zip);
  let block: SigningBlock;
  try {
    block = await readSigningBlock(reader);
  } finally {
    await reader.close();
  }
  const wanted = apkMembersToRead([...children.keys()]);
  const signatureFiles = new Map<string, Buffer>();
  for (const inner of wanted.signatureFiles) {
    const file = children.get(inner);
    const bytes = file ? await readSmall(file) : undefined;
    if (bytes) signatureFiles.set(inner, bytes);
  }
  const dexFiles: Buffer[] = [];
  for (const inner of wanted.dexFiles) {
    const file = children.get(inner);
    const bytes = file ? await readSmall(file, MAX_DEX_FILE) : undefined;
    if (bytes) dexFiles.push(bytes);
  }
  const result = analyseApk({ path: zip.entry.path, members: [...children.keys()], manifest, blockSchemes: block.schemes, blockCertificates: block.certificates, signatureFiles, dexFiles });
  const location = [...zip.entry.path, MANIFEST];
  for (const p of result.problems) ctx.problems.push({ level: 'warning', location, plugin: APK_PLUGIN, ...p });
  if (result.app) out.mobileApps.push(result.app);
  out.components.push(...result.components);
}

async function ipa(ctx: ScanContext, zip: TreeFile, children: Map<string, TreeFile>, out: MobileStageResult): Promise<void> {
  const names = [...children.keys()];
  const wanted = ipaFilesToRead(names);
  if (wanted.length === 0) return;
  const files = new Map<string, Buffer>();
  for (const inner of wanted) {
    const file = children.get(inner);
    const bytes = file ? await readSmall(file) : undefined;
    if (bytes) files.set(inner, bytes);
  }
  const result = analyseIpa({ path: zip.entry.path, files, members: names, entry: (inner) => children.get(inner)?.entry });
  for (const p of result.problems) ctx.problems.push({ level: 'warning', plugin: IPA_PLUGIN, ...p });
  if (result.app) out.mobileApps.push(result.app);
  out.components.push(...result.components);
}

async function readSmall(file: TreeFile, limit = MAX_METADATA_FILE): Promise<Buffer | undefined> {
  if (file.diskPath === undefined || file.entry.size > limit) return undefined;
  const reader = await openSource(file);
  try {
    return await reader.read(0, reader.size);
  } finally {
    await reader.close();
  }
}

function membersByContainer(files: readonly TreeFile[]): Map<string, Map<string, TreeFile>> {
  const out = new Map<string, Map<string, TreeFile>>();
  for (const f of files) {
    if (f.entry.path.length === 0) continue;
    const key = JSON.stringify(f.entry.path.slice(0, -1));
    let m = out.get(key);
    if (!m) out.set(key, (m = new Map()));
    m.set(f.innerPath, f);
  }
  return out;
}
