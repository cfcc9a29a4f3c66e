import { describe, expect, it } from 'vitest';
import { customDetectors } from '../infoleak/custom.ts';
import { DETECTORS } from '../infoleak/registry.ts';
import { type LeakSearch, searchBytes } from './infoleak-file.ts';

// A stanza as apt keeps it in var/lib/apt/lists (Debian 12's main Packages index).
const STANZA = Buffer.from(
  'Package: 0ad\nVersion: 0.0.26-3\nMaintainer: Debian Games Team <pkg-games-devel@lists.alioth.debian.org>\nHomepage: https://play0ad.com/\nTag: game::strategy\n\n',
);
const DEBIAN_LIST = 'var/lib/apt/lists/deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages';
const COMPANY_LIST = 'var/lib/apt/lists/apt.corp.example_debian_dists_stable_main_binary-amd64_Packages';
const builtIn: LeakSearch = { detectors: DETECTORS, decoys: true, builtIn: true };

describe('searchBytes of a public package index', () => {
  it('leaves a copy of the Debian archive index unsearched, and says so', () => {
    expect(searchBytes(STANZA, STANZA.length, [DEBIAN_LIST], builtIn)).toEqual({
      findings: [],
      problems: [
        {
          level: 'info',
          location: [DEBIAN_LIST],
          plugin: 'engine/infoleak',
          code: 'public-index',
          message: 'not searched for information leaks: a copy of the package index that deb.debian.org publishes',
        },
      ],
    });
  });

  it("searches another repository's index as any file", () => {
    const { findings, problems } = searchBytes(STANZA, STANZA.length, [COMPANY_LIST], builtIn);
    expect(findings.map((f) => [f.detector, f.value, f.line])).toEqual([
      ['email', 'pkg-games-devel@lists.alioth.debian.org', 3],
      ['url', 'https://play0ad.com/', 4],
    ]);
    expect(problems).toEqual([]);
  });

  it("still runs the user's own patterns over it", () => {
    const search: LeakSearch = { detectors: [...DETECTORS, ...customDetectors([{ id: 'games', pattern: 'game::[a-z]+' }])], decoys: true, builtIn: true };
    const { findings, problems } = searchBytes(STANZA, STANZA.length, [DEBIAN_LIST], search);
    expect(findings.map((f) => [f.detector, f.value, f.line])).toEqual([['custom/games', 'game::strategy', 5]]);
    expect(problems.map((p) => p.message)).toEqual(['not searched for information leaks but by custom patterns: a copy of the package index that deb.debian.org publishes']);
  });
});
