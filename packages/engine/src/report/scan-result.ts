// Identification → the spec §3 "scan result" shape (what /rest/scans/{id}/result/
// answers; `binlens scan --format json` prints it inside the native JSON, native-json.ts).
// Vulnerabilities are joined by evaluation later; here `vulns` is empty.
import type { Component, DockerImage, ExecutableInfo, FileEntry, Identification, ResultComponent, ResultFileObject, ScanResult } from '../model/index.ts';
import { compareComponents, comparePaths, compareStrings } from '../identify/component.ts';

export function toScanResult(identification: Identification): ScanResult {
  const files = new Map(identification.files.map((f) => [JSON.stringify(f.path), f]));
  const components = [...identification.components]
    .sort(compareComponents)
    .map((c) => toResultComponent(c, files, identification.input.name));
  const licenses = [...new Set(identification.components.flatMap((c) => c.licenses))].sort(compareStrings);
  const dockerImages = (identification.dockerImages ?? []).map((image) => toResultImage(image, identification.input.name));
  return { components, licenses: licenses.map((name) => ({ name })), 'docker-images': dockerImages };
}

/**
 * A container image of the input; its archive's path shown as extended_fullpath (the input by
 * name), and each layer's build step from the image's history (null where it does not say).
 */
function toResultImage(image: DockerImage, inputName: string): Record<string, unknown> {
  return {
    image_id: image.id,
    repo_tags: image.repoTags,
    layers: image.layers,
    extended_fullpath: image.path.length === 0 ? [inputName] : image.path,
    layer_history: image.layers.map((layer, i) => {
      const step = image.layerHistory?.[i];
      return { layer, created_by: step?.createdBy ?? null, created: step?.created ?? null, comment: step?.comment ?? null };
    }),
  };
}

function toResultComponent(c: Component, files: Map<string, FileEntry>, inputName: string): ResultComponent {
  return {
    uid: c.id,
    lib: c.name,
    version: c.version,
    custom_version: null,
    codetype: c.codetype,
    vendorlib: c.name,
    vendor: c.vendor,
    distro: c.distro ? (c.distro.release ? `${c.distro.name}:${c.distro.release}` : c.distro.name) : null,
    component_id: null,
    purl: c.purl,
    cpes: c.cpes,
    objects: toObjects(c, files, inputName),
    vulns: [],
    ignored_component_ids: [],
    license: c.licenses,
    license_overrides: [],
    name_override: null,
    tags: [],
  };
}

/** One object per distinct evidence file. The input itself (path []) is shown by its name. */
function toObjects(c: Component, files: Map<string, FileEntry>, inputName: string): ResultFileObject[] {
  const byPath = new Map<string, { path: string[]; methods: Set<string> }>();
  for (const e of c.evidence) {
    const key = JSON.stringify(e.path);
    const seen = byPath.get(key) ?? { path: e.path, methods: new Set<string>() };
    seen.methods.add(e.method);
    byPath.set(key, seen);
  }
  return [...byPath.entries()]
    .sort(([, a], [, b]) => comparePaths(a.path, b.path))
    .map(([key, { path, methods }]) => {
      const file = files.get(key);
      return {
        sha1: file?.sha1 ?? '',
        exe_flags: exeFlags(file),
        matching_methods: [...methods].sort(compareStrings),
        extended_fullpath: path.length === 0 ? [inputName] : path,
        // Files of a container image say whether a later layer deleted them.
        docker: file?.layer === undefined ? null : { 'whiteout-id': file.whiteout ?? null },
      };
    });
}

/**
 * Hardening flags that are on, in a fixed order, e.g. `['nx', 'pie', 'full_relro', 'canary']`.
 * Names are the native JSON contract's snake-case attribute keys; RELRO is `full_relro`
 * or `partial_relro`.
 */
export function exeFlags(file: FileEntry | undefined): string[] {
  const exe = file?.executable;
  if (!exe) return [];
  const flags: string[] = [];
  for (const [key, name] of EXE_FLAGS) {
    if (key === 'relro') {
      if (exe.relro === 'full' || exe.relro === 'partial') flags.push(`${exe.relro}_relro`);
    } else if (exe[key] === true) flags.push(name);
  }
  return flags;
}

const EXE_FLAGS: readonly [keyof ExecutableInfo, string][] = [
  ['nx', 'nx'],
  ['pie', 'pie'],
  ['relro', 'relro'],
  ['canary', 'canary'],
  ['fortify', 'fortify'],
  ['cetIbt', 'cet_ibt'],
  ['cetShstk', 'cet_shstk'],
  ['bti', 'bti'],
  ['pac', 'pac'],
  ['dynamicBase', 'dynamic_base'],
  ['highEntropyVa', 'high_entropy_va'],
  ['nxCompat', 'nx_compat'],
  ['gs', 'gs'],
  ['safeSeh', 'safeseh'],
  ['cfg', 'cfg'],
  ['cetCompat', 'cet_compat'],
  ['forceIntegrity', 'force_integrity'],
  ['authenticode', 'authenticode'],
  ['arc', 'arc'],
  ['encrypted', 'encrypted'],
  ['codeSignature', 'code_signature'],
  ['restrict', 'restrict'],
  ['cfi', 'cfi'],
  ['safeStack', 'safe_stack'],
  ['separateCode', 'separate_code'],
  ['appContainer', 'app_container'],
  ['stripped', 'stripped'],
];
