// `SPDX-License-Identifier:` tags in source and text files (REUSE, Linux kernel style).
// The expression is taken as written, up to the end of the line or a comment closer.

export interface IdentifierMatch {
  expression: string;
  line: number;
}

// /* SPDX-License-Identifier: GPL-2.0-or-later WITH Linux-syscall-note */ ; # SPDX-License-Identifier: MIT OR Apache-2.0
const TAG = /SPDX-License-Identifier:[ \t]*([A-Za-z0-9.+:() -]+?)[ \t]*(?:\*\/|-->|\*\)|"|$)/gm;

export function spdxIdentifiers(text: string): IdentifierMatch[] {
  const out: IdentifierMatch[] = [];
  for (const m of text.matchAll(TAG)) {
    const expression = (m[1] ?? '').trim();
    if (!expression || out.some((o) => o.expression === expression)) continue;
    out.push({ expression, line: text.slice(0, m.index).split('\n').length });
  }
  return out;
}
