// Every SBOM writer, sorted by name. A new format = one file in writers/ + one line here.
// A writer's module is loaded when its format is asked for: the CycloneDX library alone takes
// ~0.15 s to load, which every scan printing native JSON would otherwise pay at its start.
import type { SbomWriter } from './common.ts';

interface SbomFormat {
  name: string;
  load: () => Promise<SbomWriter>;
}

const FORMATS: readonly SbomFormat[] = [
  { name: 'cyclonedx', load: async () => (await import('./writers/cyclonedx.ts')).cyclonedxWriter },
  { name: 'cyclonedx-xml', load: async () => (await import('./writers/cyclonedx-xml.ts')).cyclonedxXmlWriter },
  { name: 'spdx', load: async () => (await import('./writers/spdx.ts')).spdxWriter },
  { name: 'spdx-tag-value', load: async () => (await import('./writers/spdx-tag-value.ts')).spdxTagValueWriter },
];

/** The formats' names, as `binlens scan --format` takes them. */
export const SBOM_WRITER_NAMES: readonly string[] = FORMATS.map((format) => format.name);

/** The writer of the format named `name`, its module loaded; undefined for a name no writer has. */
export async function findSbomWriter(name: string): Promise<SbomWriter | undefined> {
  return FORMATS.find((format) => format.name === name)?.load();
}
