// The engine's format names (`filesystem/squashfs`, `executable/elf`: its unpackers' names,
// the executable formats and a directory input) in words, as the file tree shows them.
// files-format-names.test.ts checks that every format of the engine's fixtures has words here.

const FORMAT_NAMES: Readonly<Record<string, string>> = {
  'archive/ar': 'ar archive',
  'archive/cab': 'Microsoft Cabinet archive',
  'archive/cpio': 'cpio archive',
  'archive/rar': 'RAR archive',
  'archive/sevenzip': '7-Zip archive',
  'archive/tar': 'tar archive',
  'archive/zip': 'ZIP archive',
  'compress/bzip2': 'bzip2 compressed data',
  'compress/gzip': 'gzip compressed data',
  'compress/lz4': 'LZ4 compressed data',
  'compress/lzma': 'LZMA compressed data',
  'compress/lzop': 'lzop compressed data',
  'compress/unix-compress': 'Unix compress (.Z) data',
  'compress/xz': 'xz compressed data',
  'compress/zstd': 'Zstandard compressed data',
  'container/docker-archive': 'Docker image archive (docker save)',
  'container/oci-archive': 'OCI image archive',
  'filesystem/android-sparse': 'Android sparse image',
  'filesystem/cramfs': 'cramfs file system',
  'filesystem/ext': 'ext2/3/4 file system',
  'filesystem/fat': 'FAT file system',
  'filesystem/iso9660': 'ISO 9660 image',
  'filesystem/jffs2': 'JFFS2 file system',
  'filesystem/squashfs': 'SquashFS file system',
  'filesystem/ubi': 'UBI image',
  'filesystem/ubifs': 'UBIFS file system',
  'filesystem/yaffs2': 'YAFFS2 file system',
  'firmware/android-boot': 'Android boot image',
  'firmware/fit': 'U-Boot FIT image',
  'firmware/ihex': 'Intel HEX firmware',
  'firmware/srec': 'Motorola S-record firmware',
  'firmware/trx': 'TRX firmware image',
  'firmware/uefi-volume': 'UEFI firmware volume',
  'firmware/uimage': 'U-Boot uImage',
  'package/apk': 'Alpine package (apk)',
  'package/msi': 'Windows Installer package (MSI)',
  'package/nsis': 'NSIS installer',
  'package/rpm': 'RPM package',
  'executable/elf': 'ELF executable',
  'executable/pe': 'PE executable (Windows)',
  'executable/macho': 'Mach-O executable',
  directory: 'Directory',
};

/** The format in words, or null for a format the table does not know (the API then shows only its name). */
export function formatName(format: string | undefined): string | null {
  return format === undefined ? null : (FORMAT_NAMES[format] ?? null);
}
