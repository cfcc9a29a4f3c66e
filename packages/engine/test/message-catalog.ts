// A GNU gettext message catalog (.mo) as msgfmt lays one out: a 28-byte header (magic, revision,
// count, the offsets of the two string tables, an empty hash table), the tables of (length,
// offset) pairs, then the messages, each ending in a NUL. `after`: bytes appended to the file.

export function messageCatalog(messages: readonly [string, string][], order: 'le' | 'be' = 'le', after: Buffer = Buffer.alloc(0)): Buffer {
  const count = messages.length;
  const originals = 28;
  const translations = originals + 8 * count;
  let at = translations + 8 * count;
  const header = Buffer.alloc(at);
  const u32 = (value: number, offset: number): number => (order === 'le' ? header.writeUInt32LE(value, offset) : header.writeUInt32BE(value, offset));
  u32(0x950412de, 0);
  u32(0, 4);
  u32(count, 8);
  u32(originals, 12);
  u32(translations, 16);
  u32(0, 20);
  u32(at, 24);
  const strings: Buffer[] = [];
  for (const [table, pick] of [[originals, 0], [translations, 1]] as const) {
    messages.forEach((message, i) => {
      const text = Buffer.from(message[pick], 'utf8');
      u32(text.length, table + 8 * i);
      u32(at, table + 8 * i + 4);
      strings.push(text, Buffer.alloc(1));
      at += text.length + 1;
    });
  }
  return Buffer.concat([header, ...strings, after]);
}
