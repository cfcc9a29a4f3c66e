// Where a system's packages say who made them: their documentation (Debian's /usr/share/doc
// copyright files and changelogs, manual and info pages, licence texts), their translations
// (a message catalog's header credits its translators) and the package database (each
// package's maintainer). The addresses and links there are the attribution the packages were
// published with, not something leaked by whoever built the image: what the detectors marked
// `attribution` (e-mail, URL) find there is a decoy, kept out unless the decoy filter is off
// (scan-text.ts). Secrets there are still reported.

const ATTRIBUTION = /(?:^|\/)(?:usr\/share\/(?:doc|man|info|common-licenses|licenses|locale)|var\/lib\/(?:dpkg|rpm)|lib\/apk\/db)\//;

/** Whether a file's extended path lies, at any level, where packages publish their attribution. */
export function inPackageAttribution(path: readonly string[]): boolean {
  return path.some((part) => ATTRIBUTION.test(part));
}
