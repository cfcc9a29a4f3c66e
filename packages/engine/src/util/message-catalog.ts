// GNU gettext message catalogs (.mo files): a header, two tables of offsets and the messages'
// strings. Nothing is packed inside one, and no code: a version in a catalog is the text of a
// message, which the program's own binary holds too (as the message id). Carving and signature
// matching pass over them; the leak search reads them as it reads any binary.

/** The catalog's magic number, as written in little- and in big-endian order. */
const MAGIC = 0x950412de;
const MAGIC_SWAPPED = 0xde120495;

/** Whether `head`, a file's first bytes, is the start of a message catalog. */
export function isMessageCatalog(head: Uint8Array): boolean {
  if (head.length < 4) return false;
  const magic = ((head[0] ?? 0) | ((head[1] ?? 0) << 8) | ((head[2] ?? 0) << 16) | ((head[3] ?? 0) << 24)) >>> 0;
  return magic === MAGIC || magic === MAGIC_SWAPPED;
}
