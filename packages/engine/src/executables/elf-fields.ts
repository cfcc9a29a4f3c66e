// Endian- and class-aware field reads on a buffer, shared by the ELF readers.

export interface Fields {
  u8(o: number): number;
  u16(o: number): number;
  u32(o: number): number;
  /** An address/offset/size: 4 or 8 bytes; clamped to a safe integer (a huge value then fails a bounds check). */
  addr(o: number): number;
  /** A dynamic-entry word (d_tag, d_val): 4 or 8 bytes. */
  word(o: number): bigint;
}

export function fields(buf: Buffer, little: boolean, bits: 32 | 64): Fields {
  const u32 = (o: number): number => (little ? buf.readUInt32LE(o) : buf.readUInt32BE(o));
  const u64 = (o: number): bigint => (little ? buf.readBigUInt64LE(o) : buf.readBigUInt64BE(o));
  return {
    u8: (o) => buf.readUInt8(o),
    u16: (o) => (little ? buf.readUInt16LE(o) : buf.readUInt16BE(o)),
    u32,
    addr: (o) => (bits === 64 ? Number(min(u64(o), BigInt(Number.MAX_SAFE_INTEGER))) : u32(o)),
    word: (o) => (bits === 64 ? u64(o) : BigInt(u32(o))),
  };
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** A NUL-terminated string at `offset` in a string table, bounded to `max` bytes; '' when out of range. */
export function cString(table: Buffer, offset: number, max = 4096): string {
  if (offset < 0 || offset >= table.length) return '';
  let end = table.indexOf(0, offset);
  if (end < 0 || end - offset > max) end = Math.min(table.length, offset + max);
  return table.toString('latin1', offset, end);
}
