// A package's own documentation: Debian's /usr/share/doc (copyright files, changelogs), manual
// and info pages, licence texts. The authors' addresses and the project's links there are the
// attribution the package was published with, not something leaked by whoever built the image:
// they are decoys, kept out unless the decoy filter is off. Secrets there are still reported.

const DOCUMENTATION = /(?:^|\/)usr\/share\/(?:doc|man|info|common-licenses|licenses)\//;

/** Whether a file's extended path lies in a package documentation directory at any level. */
export function inPackageDocumentation(path: readonly string[]): boolean {
  return path.some((part) => DOCUMENTATION.test(part));
}
