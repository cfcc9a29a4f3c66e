// Reference data: short characteristic excerpts of licence texts and notices (not whole
// licences), already normalised (see normalise in match-text.ts). A licence matches when
// every phrase of one of its variants is found (word 4-gram coverage, see match-text.ts).
// `excludes` drops less specific licences the same text also satisfies (BSD-3 ⊃ BSD-2; a
// full GPL text carries the "or later" notice in its how-to-apply appendix, which is advice,
// not a grant, so the full text reports -only).

export interface LicenseReference {
  /** SPDX expression reported for this variant. */
  id: string;
  phrases: readonly string[];
  /** Normalised substrings that must occur exactly: the words that tell versions apart. */
  required?: readonly string[];
  excludes?: readonly string[];
}

const GPL_PREAMBLE = 'this program is free software you can redistribute it and or modify it under the terms of the gnu';
const BSD_SOURCE = 'redistributions of source code must retain the above copyright notice this list of conditions and the following disclaimer';
const BSD_BINARY = 'redistributions in binary form must reproduce the above copyright notice this list of conditions and the following disclaimer in the documentation and or other materials provided with the distribution';
const BSD_INTRO = 'redistribution and use in source and binary forms with or without modification are permitted provided that the following conditions are met';
const ZLIB_ORIGIN = 'the origin of this software must not be misrepresented you must not claim that you wrote the original software';
const ZLIB_ALTERED = 'altered source versions must be plainly marked as such and must not be misrepresented as being the original software';

export const LICENSE_REFERENCES: readonly LicenseReference[] = [
  {
    id: 'MIT',
    phrases: [
      'permission is hereby granted free of charge to any person obtaining a copy of this software and associated documentation files the software to deal in the software without restriction',
      'the above copyright notice and this permission notice shall be included in all copies or substantial portions of the software',
    ],
  },
  { id: 'BSD-2-Clause', phrases: [BSD_INTRO, BSD_SOURCE, BSD_BINARY] },
  {
    id: 'BSD-3-Clause',
    phrases: [BSD_INTRO, BSD_SOURCE, BSD_BINARY, 'may be used to endorse or promote products derived from this software without specific prior written permission'],
    excludes: ['BSD-2-Clause'],
  },
  { id: 'Apache-2.0', phrases: ['apache license version 2 0 january 2004', 'terms and conditions for use reproduction and distribution'] },
  { id: 'Apache-2.0', phrases: ['licensed under the apache license version 2 0 the license you may not use this file except in compliance with the license'] },
  {
    id: 'GPL-2.0-only',
    phrases: ['gnu general public license version 2 june 1991', 'everyone is permitted to copy and distribute verbatim copies of this license document but changing it is not allowed'],
    required: ['gnu general public license version 2 june 1991'],
    excludes: ['GPL-2.0-or-later'],
  },
  {
    id: 'GPL-2.0-or-later',
    phrases: [`${GPL_PREAMBLE} general public license as published by the free software foundation either version 2 of the license or at your option any later version`],
    required: ['gnu general public license as published by the free software foundation either version 2 of the license'],
  },
  {
    id: 'GPL-3.0-only',
    phrases: ['gnu general public license version 3 29 june 2007', 'the gnu general public license is a free copyleft license for software and other kinds of works'],
    required: ['gnu general public license version 3 29 june 2007'],
    excludes: ['GPL-3.0-or-later'],
  },
  {
    id: 'GPL-3.0-or-later',
    phrases: [`${GPL_PREAMBLE} general public license as published by the free software foundation either version 3 of the license or at your option any later version`],
    required: ['gnu general public license as published by the free software foundation either version 3 of the license'],
  },
  {
    id: 'LGPL-2.1-only',
    phrases: ['gnu lesser general public license version 2 1 february 1999', 'this license the lesser general public license applies to some specially designated software packages'],
    required: ['gnu lesser general public license version 2 1 february 1999'],
    excludes: ['LGPL-2.1-or-later'],
  },
  {
    id: 'LGPL-2.1-or-later',
    phrases: ['under the terms of the gnu lesser general public license as published by the free software foundation either version 2 1 of the license or at your option any later version'],
    required: ['gnu lesser general public license as published by the free software foundation either version 2 1 of the license'],
  },
  {
    id: 'LGPL-3.0-only',
    phrases: ['gnu lesser general public license version 3 29 june 2007', 'this version of the gnu lesser general public license incorporates the terms and conditions of version 3 of the gnu general public license'],
    required: ['gnu lesser general public license version 3 29 june 2007'],
    excludes: ['LGPL-3.0-or-later'],
  },
  {
    id: 'LGPL-3.0-or-later',
    phrases: ['under the terms of the gnu lesser general public license as published by the free software foundation either version 3 of the license or at your option any later version'],
    required: ['gnu lesser general public license as published by the free software foundation either version 3 of the license'],
  },
  { id: 'MPL-2.0', phrases: ['mozilla public license version 2 0', 'covered software means source code form to which the initial contributor has attached the notice in exhibit a'] },
  { id: 'MPL-2.0', phrases: ['this source code form is subject to the terms of the mozilla public license v 2 0 if a copy of the mpl was not distributed with this file'] },
  {
    id: 'ISC',
    phrases: [
      'permission to use copy modify and or distribute this software for any purpose with or without fee is hereby granted provided that the above copyright notice and this permission notice appear in all copies',
    ],
    required: ['modify and or distribute this software for any purpose'],
  },
  {
    // The original ISC wording (OpenBSD, many Go and C sources): "modify, and distribute".
    id: 'ISC',
    phrases: [
      'permission to use copy modify and distribute this software for any purpose with or without fee is hereby granted provided that the above copyright notice and this permission notice appear in all copies',
      'disclaims all warranties with regard to this software including all implied warranties of merchantability and fitness',
    ],
  },
  { id: 'Zlib', phrases: ['this software is provided as is without any express or implied warranty in no event will the authors be held liable for any damages arising from the use of this software', ZLIB_ORIGIN, ZLIB_ALTERED, 'this notice may not be removed or altered from any source distribution'] },
  {
    id: 'bzip2-1.0.6',
    phrases: [BSD_INTRO, BSD_SOURCE, ZLIB_ORIGIN, ZLIB_ALTERED, 'the name of the author may not be used to endorse or promote products derived from this software without specific prior written permission'],
  },
  {
    id: 'OpenSSL',
    phrases: [
      'this product includes software developed by the openssl project for use in the openssl toolkit',
      'the names openssl toolkit and openssl project must not be used to endorse or promote products derived from this software without prior written permission',
    ],
  },
  {
    id: 'curl',
    phrases: [
      'permission to use copy modify and distribute this software for any purpose with or without fee is hereby granted provided that the above copyright notice and this permission notice appear in all copies',
      'except as contained in this notice the name of a copyright holder shall not be used in advertising or otherwise to promote the sale use or other dealings in this software without prior written authorization of the copyright holder',
    ],
    excludes: ['ISC'],
  },
];
