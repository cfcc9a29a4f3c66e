import { describe, expect, it } from 'vitest';
import { isSpdxExpression } from './spdx-expression.ts';

describe('isSpdxExpression', () => {
  it.each([
    ['MIT', true],
    ['GPL-2.0-only OR MIT', true],
    ['GPL-2.0+', true],
    ['(GPL-2.0-only WITH Classpath-exception-2.0 OR MIT) AND LicenseRef-vendor-eula', true],
    ['LicenseRef-vendor-eula', true],
    ['DocumentRef-spdx-tool-1.2:LicenseRef-MIT-Style-2', true],
    ['mit and apache-2.0', true],
    ['', false],
    ['MIT OR', false],
    ['AND MIT', false],
    ['(MIT', false],
    ['MIT)', false],
    ['MIT WITH', false],
    ['MIT Apache-2.0', false],
    ['MIT/Apache', false],
    ['Some licence', false],
  ])('%s → %s', (text, expected) => {
    expect(isSpdxExpression(text)).toBe(expected);
  });
});
