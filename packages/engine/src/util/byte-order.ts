// Readers of unsigned integers in one byte order, for formats that exist in both
// (SquashFS 4, which big-endian vendors write swapped): the parser takes an order once
// instead of testing a flag at every field.
export interface ByteOrder {
  readonly little: boolean;
  u16(buf: Buffer, at: number): number;
  u32(buf: Buffer, at: number): number;
  u64(buf: Buffer, at: number): bigint;
}

export const LITTLE_ENDIAN: ByteOrder = {
  little: true,
  u16: (buf, at) => buf.readUInt16LE(at),
  u32: (buf, at) => buf.readUInt32LE(at),
  u64: (buf, at) => buf.readBigUInt64LE(at),
};

export const BIG_ENDIAN: ByteOrder = {
  little: false,
  u16: (buf, at) => buf.readUInt16BE(at),
  u32: (buf, at) => buf.readUInt32BE(at),
  u64: (buf, at) => buf.readBigUInt64BE(at),
};
