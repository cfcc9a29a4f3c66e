// Every SBOM writer, sorted by name. A new format = one file in writers/ + one line here.
import type { SbomWriter } from './common.ts';
import { cyclonedxWriter } from './writers/cyclonedx.ts';
import { cyclonedxXmlWriter } from './writers/cyclonedx-xml.ts';
import { spdxWriter } from './writers/spdx.ts';
import { spdxTagValueWriter } from './writers/spdx-tag-value.ts';

export const SBOM_WRITERS: readonly SbomWriter[] = [cyclonedxWriter, cyclonedxXmlWriter, spdxWriter, spdxTagValueWriter];

export function findSbomWriter(name: string): SbomWriter | undefined {
  return SBOM_WRITERS.find((w) => w.name === name);
}
