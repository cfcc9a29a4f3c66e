import { describe, expect, it } from 'vitest';
import { podfileLock } from './podfile-lock.ts';
import { memoryFile } from '../../test-helpers.ts';

// As CocoaPods 1.14 writes it (checksums shortened).
const LOCK = `PODS:
  - Alamofire (5.8.1)
  - FirebaseCore (10.18.0):
    - FirebaseCoreInternal (~> 10.0)
    - GoogleUtilities/Environment (~> 7.12)
  - FirebaseCoreInternal (10.18.0):
    - "GoogleUtilities/NSData+zlib (~> 7.8)"
  - GoogleUtilities/Environment (7.12.0):
    - PromisesObjC (< 3.0, >= 1.2)
  - "GoogleUtilities/NSData+zlib (7.12.0)"
  - PromisesObjC (2.3.1)

DEPENDENCIES:
  - Alamofire (~> 5.8)
  - FirebaseCore

SPEC REPOS:
  trunk:
    - Alamofire
    - FirebaseCore

SPEC CHECKSUMS:
  Alamofire: 3ca42e259043ee0dc5c0cdd76c4bc568b8e42af7

PODFILE CHECKSUM: 7e5a7b0e52d9f1b1b6b5e7c1a1a0f2f7c1b2a3d4

COCOAPODS: 1.14.3
`;

describe('cocoapods/podfile-lock', () => {
  it('matches Podfile.lock', () => {
    expect(['Podfile.lock', 'ios/Podfile.lock', 'Podfile'].map((p) => podfileLock.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('every pod once, subspecs as their pod, dependency constraints ignored', async () => {
    const { components, problems } = await podfileLock.catalog(memoryFile(['Podfile.lock'], LOCK));
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['Alamofire', '5.8.1', 'MA', 'pkg:cocoapods/Alamofire@5.8.1'],
      ['FirebaseCore', '10.18.0', 'MA', 'pkg:cocoapods/FirebaseCore@10.18.0'],
      ['FirebaseCoreInternal', '10.18.0', 'MA', 'pkg:cocoapods/FirebaseCoreInternal@10.18.0'],
      ['GoogleUtilities', '7.12.0', 'MA', 'pkg:cocoapods/GoogleUtilities@7.12.0'],
      ['PromisesObjC', '2.3.1', 'MA', 'pkg:cocoapods/PromisesObjC@2.3.1'],
    ]);
    expect(problems).toEqual([]);
  });

  it('a file without PODS is a problem', async () => {
    expect((await podfileLock.catalog(memoryFile(['Podfile.lock'], 'garbage'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});
