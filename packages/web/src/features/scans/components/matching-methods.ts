// How the engine found a component (spec §3 matching_methods), in words, with what each means.
export const MATCHING_METHODS: Readonly<Record<string, { label: string; meaning: string }>> = {
  'package-metadata': { label: 'Package metadata', meaning: 'A package manager’s own record (dpkg status, an RPM header, a lock file, a manifest) names it and its version.' },
  signature: { label: 'Signature', meaning: 'Text the project compiles into its binaries (a version string, a copyright line) was found in the file.' },
  soname: { label: 'Library name', meaning: 'The file is a shared library whose soname is the project’s; it supports a component found otherwise.' },
  filename: { label: 'File name', meaning: 'The file’s name carries the project’s name and version (e.g. a jar named after its artifact).' },
};

export function matchingMethodLabel(method: string): string {
  return MATCHING_METHODS[method]?.label ?? method;
}
