import { describe, expect, it } from 'vitest';
import { debianCopyright, debianCopyrightExpression, toSpdx } from './debian-copyright.ts';
import { fullLicenseText, matchFullText, normaliseWords } from './full-text.ts';
import { matchLicenseText, normalise } from './match-text.ts';
import { spdxIdentifiers } from './spdx-identifier.ts';

const ids = (text: string) => matchLicenseText(text).map((m) => m.expression);
const header = (family: string, version: string) =>
  ` * This program is free software; you can redistribute it and/or modify\n * it under the terms of the GNU ${family} as published by\n * the Free Software Foundation; either version ${version} of the License, or\n * (at your option) any later version.`;

describe('licence texts', () => {
  it.each([
    [header('General Public License', '2'), 'GPL-2.0-or-later'],
    [header('General Public License', '3'), 'GPL-3.0-or-later'],
    [header('Lesser General Public License', '2.1'), 'LGPL-2.1-or-later'],
    [header('Lesser General Public License', '3'), 'LGPL-3.0-or-later'],
    ['# Licensed under the Apache License, Version 2.0 (the "License");\n# you may not use this file except in compliance with the License.', 'Apache-2.0'],
    ['/* This Source Code Form is subject to the terms of the Mozilla Public\n * License, v. 2.0. If a copy of the MPL was not distributed with this\n * file, You can obtain one at http://mozilla.org/MPL/2.0/. */', 'MPL-2.0'],
    [
      ' * Permission to use, copy, modify, and distribute this software for any\n * purpose with or without fee is hereby granted, provided that the above\n * copyright notice and this permission notice appear in all copies.\n *\n * THE SOFTWARE IS PROVIDED "AS IS" AND THE AUTHOR DISCLAIMS ALL WARRANTIES\n * WITH REGARD TO THIS SOFTWARE INCLUDING ALL IMPLIED WARRANTIES OF\n * MERCHANTABILITY AND FITNESS.',
      'ISC',
    ],
  ])('header %#: %s', (text, expected) => {
    expect(ids(text)).toEqual([expected]);
  });

  it('BSD-2-Clause without the endorsement clause; BSD-3-Clause with it (and not BSD-2 too)', () => {
    const two =
      'Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:\n1. Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.\n2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.';
    expect(ids(two)).toEqual(['BSD-2-Clause']);
    expect(ids(`${two}\n3. Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.`)).toEqual(['BSD-3-Clause']);
  });

  it('unrelated text matches nothing; scores are reported', () => {
    expect(matchLicenseText('Hello world, this is a README about licences in general.')).toEqual([]);
    expect(matchLicenseText(header('General Public License', '2'))).toEqual([{ expression: 'GPL-2.0-or-later', score: 1 }]);
    expect(normalise('/*\n * Copyright (C) 2024 A & B\n */')).toBe('copyright c 2024 a and b');
  });
});

describe('Debian copyright (DEP-5)', () => {
  it('maps short names to SPDX, with or/and/with', () => {
    expect(toSpdx('GPL-2+')).toBe('GPL-2.0-or-later');
    expect(toSpdx('LGPL-2.1')).toBe('LGPL-2.1-only');
    expect(toSpdx('GPL-2+ or Artistic')).toBe('GPL-2.0-or-later OR Artistic-1.0');
    expect(toSpdx('Expat and BSD-3-clause')).toBe('MIT AND BSD-3-Clause');
    expect(toSpdx('GPL-2+ with OpenSSL exception')).toBe('GPL-2.0-or-later WITH LicenseRef-OpenSSL-exception');
    expect(toSpdx('BSD-variant')).toBe('LicenseRef-BSD-variant');
  });

  it('declares the Files: * licence and reports the other paragraphs for their files; non-DEP-5 files give undefined', () => {
    const dep5 = [
      'Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/',
      'Upstream-Name: foo',
      '',
      'Files: *',
      'Copyright: 2020 A',
      'License: GPL-2+ or Artistic',
      '',
      'Files: debian/*',
      'License: Expat',
      '',
      'License: Expat',
      ' Permission is hereby granted...',
    ].join('\n');
    expect(debianCopyrightExpression(dep5)).toBe('GPL-2.0-or-later OR Artistic-1.0');
    expect(debianCopyright(dep5)?.paragraphs).toEqual([
      { files: ['*'], expression: 'GPL-2.0-or-later OR Artistic-1.0' },
      { files: ['debian/*'], expression: 'MIT' },
    ]);
    expect(debianCopyrightExpression(dep5.replace('Files: *', 'Files: src/*'))).toBe('GPL-2.0-or-later OR Artistic-1.0');
    expect(debianCopyrightExpression('This is the Debian prepackaged version of the GNU C Library.')).toBeUndefined();
  });
});

describe('SPDX-License-Identifier tags', () => {
  it('reads the expression to the end of the line or comment, one per expression', () => {
    expect(spdxIdentifiers('// SPDX-License-Identifier: MIT OR Apache-2.0\n/* SPDX-License-Identifier: GPL-2.0-only WITH Linux-syscall-note */\n# SPDX-License-Identifier: MIT OR Apache-2.0')).toEqual([
      { expression: 'MIT OR Apache-2.0', line: 1 },
      { expression: 'GPL-2.0-only WITH Linux-syscall-note', line: 2 },
    ]);
  });
});

describe('whole SPDX licence texts in any text', () => {
  // The list's own text in a comment box, inside a longer README; words joined across lines.
  const embedded = (id: string) =>
    `# Project\n\nSome words about the project and how to build it.\n\n${fullLicenseText(id)
      .split('\n')
      .map((line) => ` *   ${line.replace(/ +/g, '  ')}`)
      .join('\n')}\n\nMore words after the licence, about contributing.\n`;

  it.each(['BSD-3-Clause-Clear', 'MIT-0', 'Zlib', 'Apache-2.0', 'MPL-2.0', 'BlueOak-1.0.0', 'PostgreSQL'])('%s, embedded in a comment box', (id) => {
    expect(matchLicenseText(embedded(id))).toEqual([{ expression: id, score: 1 }]);
  });

  it('a bare GPL text is -only; a clause less scores lower than its licence; prose matches nothing', () => {
    expect(matchFullText(normaliseWords(fullLicenseText('GPL-2.0-or-later')))).toEqual({ id: 'GPL-2.0-only', score: 1 });
    const bsd3 = fullLicenseText('BSD-3-Clause');
    expect(matchFullText(normaliseWords(bsd3))?.id).toBe('BSD-3-Clause');
    expect(matchFullText(normaliseWords(bsd3.replace(/3\. Neither[^]*?permission\./, '')))?.id).toBe('BSD-2-Clause');
    expect(matchFullText(normaliseWords('This README explains how to build the project and run its tests on Linux and on other systems, step by step, with examples.'))).toBeUndefined();
  });
});
