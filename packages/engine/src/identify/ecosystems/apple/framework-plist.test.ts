import { describe, expect, it } from 'vitest';
import { frameworkPlist } from './framework-plist.ts';
import { memoryFile } from '../../test-helpers.ts';
import { fixtureTarMember, fuzzCataloger } from '../../test-fixtures.ts';

// Written by plistlib, see fixtures/identify/macos-app-frameworks/make.sh.
const SPARKLE = 'Demo.app/Contents/Frameworks/Sparkle.framework/Versions/B/Resources/Info.plist';
const ALAMOFIRE = 'Shop.app/Frameworks/Alamofire.framework/Info.plist';
const BROKEN = 'Shop.app/Frameworks/Broken.framework/Info.plist';
const member = (inner: string) => fixtureTarMember('macos-app-frameworks/apps.tar', inner);
const at = (inner: string, bytes: Buffer = member(inner)) => ({ ...memoryFile(['apps.tar', inner], bytes), innerPath: inner });

describe('apple/framework-plist', () => {
  it('matches iOS and macOS framework plists, not the IPA layout the mobile stage reads', () => {
    const paths = [SPARKLE, ALAMOFIRE, 'Payload/Shop.app/Frameworks/Alamofire.framework/Info.plist', 'Shop.app/Info.plist'];
    expect(paths.map((p) => frameworkPlist.matches(['apps.tar', p], p, undefined))).toEqual([true, true, false, false]);
  });

  it('binary and XML plists: bundle name and short version', async () => {
    const found = [];
    for (const inner of [SPARKLE, ALAMOFIRE]) {
      const { components, problems } = await frameworkPlist.catalog(at(inner));
      expect(problems).toEqual([]);
      found.push(...components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.evidence]));
    }
    expect(found).toEqual([
      ['Sparkle', '2.5.1', 'MA', '', 'pkg:generic/Sparkle@2.5.1', [{ method: 'package-metadata', foundBy: 'apple/framework-plist', path: ['apps.tar', SPARKLE], text: 'CFBundleName=Sparkle CFBundleShortVersionString=2.5.1 CFBundleIdentifier=org.sparkle-project.Sparkle' }]],
      ['Alamofire', '5.8.1', 'MA', '', 'pkg:generic/Alamofire@5.8.1', [{ method: 'package-metadata', foundBy: 'apple/framework-plist', path: ['apps.tar', ALAMOFIRE], text: 'CFBundleName=Alamofire CFBundleShortVersionString=5.8.1 CFBundleIdentifier=org.alamofire.Alamofire' }]],
    ]);
  });

  it('a cut plist is a located problem; a plist without a version gives nothing', async () => {
    const cut = await frameworkPlist.catalog(at(BROKEN));
    expect(cut.components).toEqual([]);
    expect(cut.problems.map((p) => [p.code, p.location])).toEqual([['malformed', ['apps.tar', BROKEN]]]);
    const bare = Buffer.from('<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleName</key><string>Bare</string></dict></plist>');
    expect(await frameworkPlist.catalog(at(ALAMOFIRE, bare))).toEqual({ components: [], problems: [] });
  });

  it('survives seeded mutations of both forms', async () => {
    await fuzzCataloger(frameworkPlist, ['apps.tar', SPARKLE], member(SPARKLE), 150, (f) => ({ ...f, innerPath: SPARKLE }));
    await fuzzCataloger(frameworkPlist, ['apps.tar', ALAMOFIRE], member(ALAMOFIRE), 150, (f) => ({ ...f, innerPath: ALAMOFIRE }));
  });
});
