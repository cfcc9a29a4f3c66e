// Linux kernel modules (`*.ko`; `.ko.xz`/`.ko.zst`/`.ko.gz` arrive here decompressed, as
// `<name>.ko` under the compressed file): the `.modinfo` section holds NUL-separated
// `tag=value` strings, among them `vermagic=<kernel release> SMP preempt mod_unload …`,
// the release of the kernel the module was built for. That kernel is the component; every
// module built for it gives the same component, merged into one per release with each
// module as evidence. Its identity (name, vendor, code type) is the `linux_kernel`
// signatures' (signatures/data/system.json), so a kernel found both ways is one component.
// No CPE of its own: a distribution's release names its ABI, not the source version
// (Debian's `6.1.0-18-amd64` is Linux 6.1.76).
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { findElfSection } from '../../parse/elf-section.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'linux/kernel-module';
const ELF_FORMAT = 'executable/elf';
const KERNEL = 'linux_kernel';
/** Real .modinfo sections are a few KiB (long alias lists); more is not a module's. */
const MAX_MODINFO = 1024 * 1024;
// Sample: `vermagic=6.1.0-18-amd64 SMP preempt mod_unload modversions ` → `6.1.0-18-amd64`.
const VERMAGIC = /^vermagic=(\d+\.\d+[^\s\0]*)/;

export const linuxKernelModule: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath, format) => format === ELF_FORMAT && innerPath.endsWith('.ko'),
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const section = await findElfSection(file, '.modinfo');
  // Damaged headers are the executables reader's to report; an ELF without .modinfo is not a module.
  if (section === undefined || typeof section === 'string') return result;
  if (section.size > MAX_MODINFO) {
    malformed(result, file.path, `.modinfo of ${section.size} bytes is over ${MAX_MODINFO}`);
    return result;
  }
  const modinfo = await file.readRange(section.offset, section.size);
  let at = 0;
  for (const entry of modinfo.toString('latin1').split('\0')) {
    const vermagic = VERMAGIC.exec(entry);
    if (vermagic) {
      const release = vermagic[1] ?? '';
      result.components.push(
        makeComponent({
          name: KERNEL,
          version: release,
          codetype: 'NA',
          vendor: 'Linux',
          purl: formatPurl({ type: 'generic', name: KERNEL, version: release }),
          evidence: [metadataEvidence(NAME, file.path, entry.trim(), section.offset + at)],
        }),
      );
      return result;
    }
    at += entry.length + 1;
  }
  malformed(result, file.path, '.modinfo without vermagic=');
  return result;
}
