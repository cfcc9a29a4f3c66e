import { describe, expect, it } from 'vitest';
import { packageResolved, repositoryCoordinates } from './package-resolved.ts';
import { memoryFile } from '../../test-helpers.ts';

// As Xcode 12 / SwiftPM 5.5 write version 1.
const V1 = `{
  "object": {
    "pins": [
      {
        "package": "ArgumentParser",
        "repositoryURL": "https://github.com/apple/swift-argument-parser",
        "state": {
          "branch": null,
          "revision": "83b23d940471b313427da226196661856f6ba3e0",
          "version": "0.4.4"
        }
      },
      {
        "package": "Nimble",
        "repositoryURL": "git@github.com:Quick/Nimble.git",
        "state": {
          "branch": "main",
          "revision": "1f3bde57bde12f5e7b07909848c071e9b73d6edc",
          "version": null
        }
      }
    ]
  },
  "version": 1
}
`;
// As SwiftPM 5.9 writes version 3 (version 2 is the same without originHash).
const V3 = `{
  "originHash" : "8d1f6b5a0c4f1b1f0b2c44c6a77f2e0d5e8b1fa3a1d0f6c3c7f3e3d3a5a1b2c3",
  "pins" : [
    {
      "identity" : "swift-log",
      "kind" : "remoteSourceControl",
      "location" : "https://github.com/apple/swift-log.git",
      "state" : {
        "revision" : "532d8b529501fb73a2455b179e0bbb6d49b652ed",
        "version" : "1.5.3"
      }
    },
    {
      "identity" : "mona.linkedlist",
      "kind" : "registry",
      "location" : "mona.LinkedList",
      "state" : {
        "version" : "1.1.0"
      }
    },
    {
      "identity" : "local-thing",
      "kind" : "localSourceControl",
      "location" : "/",
      "state" : {
        "revision" : "0000000000000000000000000000000000000000"
      }
    }
  ],
  "version" : 3
}
`;
const run = (text: string) => packageResolved.catalog(memoryFile(['app/Package.resolved'], text));

describe('swift/package-resolved', () => {
  it('matches Package.resolved', () => {
    expect(['Package.resolved', 'x.xcworkspace/xcshareddata/swiftpm/Package.resolved', 'Package.swift'].map((p) => packageResolved.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('version 1: versions, and the revision of a branch pin', async () => {
    const { components, problems } = await run(V1);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['swift-argument-parser', '0.4.4', 'MA', 'pkg:swift/github.com/apple/swift-argument-parser@0.4.4'],
      ['Nimble', '1f3bde57bde12f5e7b07909848c071e9b73d6edc', 'MA', 'pkg:swift/github.com/Quick/Nimble@1f3bde57bde12f5e7b07909848c071e9b73d6edc'],
    ]);
  });

  it('version 3: source control and registry pins; a pin without a usable location is a problem', async () => {
    const { components, problems } = await run(V3);
    expect(components.map((c) => c.purl)).toEqual(['pkg:swift/github.com/apple/swift-log@1.5.3', 'pkg:swift/mona/LinkedList@1.1.0']);
    expect(problems.map((p) => p.message)).toEqual(['pin 2: no usable location (local-thing)']);
  });

  it('repository URLs in their forms', () => {
    expect(['https://gitlab.com/a/b/c.git/', 'ssh://git@github.com:22/o/r', 'nohost'].map(repositoryCoordinates)).toEqual([
      { namespace: 'gitlab.com/a/b', name: 'c' },
      { namespace: 'github.com/o', name: 'r' },
      undefined,
    ]);
  });

  it('bad JSON and a document without pins are problems', async () => {
    expect((await run('{')).problems.map((p) => p.code)).toEqual(['malformed']);
    expect((await run('{"version": 2}')).problems.map((p) => p.message)).toEqual(['Package.resolved (version 2) without pins']);
  });
});
