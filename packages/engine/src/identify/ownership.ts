// Ownership by file overlap: a signature hit inside a file that a distro package
// installed (dpkg `info/*.list`, apk `R:` lines, rpm file lists).
//
// Syft removes binary-classifier packages whose file an OS package owns
// (`ownership-by-file-overlap`): the package already names the software. Black Duck's
// signature scan keeps embedded copies as components of their own. We do both, by what
// the hit names:
//   - the package's own software (zlib in `libz.so.1` owned by zlib1g, source zlib): the
//     hit becomes signature evidence of the package, no second component;
//   - other software (a static copy of SQLite inside another package's binary): kept as
//     a native component with `containedIn` = the owning package, since a vendored copy
//     is exactly what a distro's security tracker does not follow.
import type { Component, Evidence } from '../model/index.ts';

/** Owning packages per file, keyed by `JSON.stringify(extended path)`. */
export type FileOwners = Map<string, Component[]>;

export function ownerKey(path: readonly string[]): string {
  return JSON.stringify(path);
}

/**
 * Records that `component` owns `files` (paths as the package database writes them,
 * `/lib/x86_64-linux-gnu/libz.so.1`) under `root` (the tree prefix of the database) of
 * the container at `containerPath`. Merged-/usr systems install `/lib/x` at `usr/lib/x`
 * (`/lib` is a link), so both are recorded.
 */
export function addOwnedFiles(owners: FileOwners, containerPath: readonly string[], root: string, component: Component, files: readonly string[]): void {
  for (const file of files) {
    const inner = file.replace(/^\/+/, '').replace(/\/+$/, '');
    if (inner === '' || inner === '.') continue;
    const aliases = [inner];
    // Sample: `lib/x86_64-linux-gnu/libz.so.1.2.13` → also `usr/lib/x86_64-linux-gnu/libz.so.1.2.13`.
    if (/^(bin|sbin|lib|lib32|lib64|libx32)\//.test(inner)) aliases.push(`usr/${inner}`);
    for (const alias of aliases) {
      const key = ownerKey([...containerPath, `${root}${alias}`]);
      const list = owners.get(key) ?? [];
      if (!list.includes(component)) list.push(component);
      owners.set(key, list);
    }
  }
}

/**
 * The component a signature finding becomes, given the packages that own its file:
 * evidence of the owner (with the finding's licences added to the owner's) when it is the
 * same software, else the finding contained in them.
 */
export function attributeFinding(finding: Component, owners: readonly Component[] | undefined): Component {
  if (!owners || owners.length === 0) return finding;
  const same = owners.find((o) => sameSoftware(finding.name, o));
  // The signature's licence (from its entry) stays beside whatever the package declares.
  if (same) return { ...same, licenses: [...new Set([...same.licenses, ...finding.licenses])], evidence: finding.evidence.map((e): Evidence => ({ ...e })) };
  const ids = owners.map((o) => o.id).sort();
  return { ...finding, containedIn: ids };
}

/**
 * Whether a signature's component name names the package: its binary name or source
 * (purl `upstream`), compared lower-case without punctuation, a `lib` prefix or a trailing
 * so-version. Samples: zlib ~ zlib1g (upstream zlib), curl ~ libcurl4 (upstream curl),
 * pcre ~ libpcre3 (upstream pcre3), wpa_supplicant ~ wpasupplicant.
 */
export function sameSoftware(signatureName: string, owner: Component): boolean {
  const want = [signatureName, ...(SOURCE_ALIASES[signatureName] ?? [])].map(simplify);
  // Sample qualifier: `upstream=bzip2%401.0.8-5` (binNMU: source name@version).
  const upstream = /[?&]upstream=([^&]+)/.exec(owner.purl)?.[1];
  const names = [owner.name, ...(upstream ? [sourceName(decodeURIComponent(upstream))] : [])];
  return names.some((n) => want.includes(simplify(n)) || want.includes(stripSoVersion(simplify(n))));
}

/** Source package names that differ from the component's name (Debian, Alpine, Fedora). */
const SOURCE_ALIASES: Readonly<Record<string, readonly string[]>> = {
  // XZ Utils ships as xz-utils + liblzma5 (Debian, source xz-utils), xz + xz-libs (Alpine, Fedora: source xz).
  xz: ['xz-utils', 'liblzma'],
  liblzma: ['xz-utils', 'xz'],
  'mariadb-connector-c': ['mariadb', 'mariadb-connector-c', 'mariadb-libs'],
  qt: ['qtbase-opensource-src', 'qt5-qtbase', 'qt5-base', 'qt6-base'],
  linux_kernel: ['linux', 'linux-signed-amd64', 'linux-signed-arm64', 'kernel'],
  python: ['python3.11', 'python3.12', 'python3.13', 'python3'],
  tcl: ['tcl8.6', 'tcl9.0'],
  lua: ['lua5.4', 'lua5.3', 'lua5.1'],
  ruby: ['ruby3.1', 'ruby3.3'],
  php: ['php8.2', 'php8.3', 'php8.4'],
  exim: ['exim4'],
  perl: ['perl'],
  bind: ['bind9'],
  icu: ['icu'],
  'Berkeley DB': ['db5.3', 'db'],
  ProFTPD: ['proftpd-dfsg'],
  'u-boot-tools': ['u-boot'],
  'wireguard-tools': ['wireguard'],
  make: ['make-dfsg'],
};

/**
 * The source package's name from an `upstream` qualifier: `bzip2@1.0.8-5` → `bzip2` (Debian
 * binNMU), `xz-5.2.5-8.el9.src.rpm` → `xz` (rpm: NAME-VERSION-RELEASE.src.rpm), else as is.
 */
function sourceName(upstream: string): string {
  const rpm = /^(.+)-[^-]+-[^-]+\.src\.rpm$/.exec(upstream);
  return rpm?.[1] ?? upstream.replace(/@.*$/, '');
}

function simplify(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^lib(?=.)/, '');
}

/** `zlib1g` → `zlib`, `pcre3` → `pcre`, `curl4` → `curl`, `ssl3` → `ssl`. */
function stripSoVersion(name: string): string {
  return name.replace(/(\d+g?|\d+(\.\d+)*)$/, '');
}
