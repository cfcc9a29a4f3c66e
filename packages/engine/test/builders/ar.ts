// Writes ar archives for tests, with GNU (`//` table, `/N`) or BSD (`#1/N`) long names.

export interface ArMember {
  name: string;
  data: Buffer | string;
}

export function buildAr(members: ArMember[], style: 'gnu' | 'bsd' = 'gnu'): Buffer {
  const parts: Buffer[] = [Buffer.from('!<arch>\n', 'latin1')];
  const long = members.filter((m) => m.name.length > 15);
  let table = '';
  const offsets = new Map<string, number>();
  if (style === 'gnu' && long.length > 0) {
    for (const m of long) {
      offsets.set(m.name, table.length);
      table += `${m.name}/\n`;
    }
    push(parts, '//', Buffer.from(table, 'latin1'));
  }
  for (const m of members) {
    const data = Buffer.from(m.data);
    if (m.name.length <= 15) push(parts, `${m.name}/`, data);
    else if (style === 'gnu') push(parts, `/${offsets.get(m.name)}`, data);
    else push(parts, `#1/${Buffer.byteLength(m.name)}`, Buffer.concat([Buffer.from(m.name), data]));
  }
  return Buffer.concat(parts);
}

function push(parts: Buffer[], name: string, data: Buffer): void {
  const h = Buffer.alloc(60, 0x20);
  h.write(name, 0, 'latin1');
  h.write('0', 16, 'latin1');
  h.write('0', 28, 'latin1');
  h.write('0', 34, 'latin1');
  h.write('100644', 40, 'latin1');
  h.write(String(data.length), 48, 'latin1');
  h.write('`\n', 58, 'latin1');
  parts.push(h, data);
  if (data.length % 2 === 1) parts.push(Buffer.from('\n'));
}
