// Every unpacker, sorted by name. Adding a format = one file under formats/ + one line here.
// Detection tries them in this order, except that an unpacker which `specialises`
// another (a docker-save archive is a tar) is asked first.
import type { Unpacker } from './types.ts';
import { ar } from './formats/archive/ar.ts';
import { arj } from './formats/archive/arj.ts';
import { cab } from './formats/archive/cab.ts';
import { cpio } from './formats/archive/cpio.ts';
import { rar } from './formats/archive/rar.ts';
import { sevenzip } from './formats/archive/sevenzip.ts';
import { tar } from './formats/archive/tar.ts';
import { zip } from './formats/archive/zip.ts';
import { bzip2 } from './formats/compress/bzip2.ts';
import { gzip } from './formats/compress/gzip.ts';
import { lz4 } from './formats/compress/lz4.ts';
import { lzma } from './formats/compress/lzma.ts';
import { lzop } from './formats/compress/lzop.ts';
import { unixCompress } from './formats/compress/unix-compress.ts';
import { xz } from './formats/compress/xz.ts';
import { zstd } from './formats/compress/zstd.ts';
import { dockerArchive } from './formats/container/docker-archive.ts';
import { ociArchive } from './formats/container/oci-archive.ts';
import { gpt } from './formats/disk/gpt.ts';
import { mbr } from './formats/disk/mbr.ts';
import { qcow2 } from './formats/disk/qcow2.ts';
import { androidBoot } from './formats/firmware/android-boot.ts';
import { arcadyan } from './formats/firmware/arcadyan.ts';
import { fit } from './formats/firmware/fit.ts';
import { ihex } from './formats/firmware/ihex.ts';
import { matterOta } from './formats/firmware/matter-ota.ts';
import { seama } from './formats/firmware/seama.ts';
import { srec } from './formats/firmware/srec.ts';
import { trx } from './formats/firmware/trx.ts';
import { uefiVolume } from './formats/firmware/uefi-volume.ts';
import { uimage } from './formats/firmware/uimage.ts';
import { fat } from './formats/filesystem/fat.ts';
import { iso9660 } from './formats/filesystem/iso9660.ts';
import { androidSparse } from './formats/filesystem/android-sparse.ts';
import { cramfs } from './formats/filesystem/cramfs.ts';
import { ext } from './formats/filesystem/ext.ts';
import { jffs2 } from './formats/filesystem/jffs2.ts';
import { romfs } from './formats/filesystem/romfs.ts';
import { squashfs } from './formats/filesystem/squashfs.ts';
import { ubi } from './formats/filesystem/ubi.ts';
import { ubifs } from './formats/filesystem/ubifs.ts';
import { yaffs2 } from './formats/filesystem/yaffs2.ts';
import { apk } from './formats/package/apk.ts';
import { msi } from './formats/package/msi.ts';
import { nsis } from './formats/package/nsis.ts';
import { rpm } from './formats/package/rpm.ts';

export const UNPACKERS: readonly Unpacker[] = [
  ar,
  arj,
  cab,
  cpio,
  rar,
  sevenzip,
  tar,
  zip,
  bzip2,
  gzip,
  lz4,
  lzma,
  lzop,
  unixCompress,
  xz,
  zstd,
  dockerArchive,
  ociArchive,
  gpt,
  mbr,
  qcow2,
  androidSparse,
  cramfs,
  ext,
  fat,
  iso9660,
  jffs2,
  romfs,
  squashfs,
  ubi,
  ubifs,
  yaffs2,
  androidBoot,
  arcadyan,
  fit,
  ihex,
  matterOta,
  seama,
  srec,
  trx,
  uefiVolume,
  uimage,
  apk,
  msi,
  nsis,
  rpm,
];
