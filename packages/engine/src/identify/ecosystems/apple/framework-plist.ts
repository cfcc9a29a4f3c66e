// Apple frameworks bundled in an app, from their `Info.plist` (binary or XML):
// CFBundleName (else the folder name), CFBundleShortVersionString (else
// CFBundleVersion), CFBundleIdentifier in the evidence. iOS keeps it at
// `X.framework/Info.plist`, macOS at `X.framework/Versions/A/Resources/Info.plist`.
// The top-level `Payload/*.app/Frameworks/` of an IPA is the mobile stage's
// (mobile/ipa.ts), which reports the same component (same id, merged); this covers
// unpacked apps, macOS bundles and archives. No version, no component.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';
import { type PlistValue, PlistError, isDict, parsePlist } from '../../../mobile/plist.ts';

const NAME = 'apple/framework-plist';
// Samples: `Demo.app/Frameworks/Alamofire.framework/Info.plist`,
// `Demo.app/Contents/Frameworks/Sparkle.framework/Versions/B/Resources/Info.plist`.
const FRAMEWORK_PLIST = /(?:^|\/)([^/]+)\.framework\/(?:Versions\/[^/]+\/)?(?:Resources\/)?Info\.plist$/;
// Sample: `Payload/Demo.app/Frameworks/Alamofire.framework/Info.plist` (an IPA's own layout).
const IPA_FRAMEWORK = /^Payload\/[^/]+\.app\/Frameworks\/[^/]+\.framework\/Info\.plist$/;

export const frameworkPlist: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => FRAMEWORK_PLIST.test(innerPath) && !IPA_FRAMEWORK.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  let plist: PlistValue;
  try {
    plist = parsePlist(await file.read());
  } catch (err) {
    if (!(err instanceof PlistError)) throw err;
    malformed(result, file.path, `Info.plist: ${err.message}`);
    return result;
  }
  if (!isDict(plist)) {
    malformed(result, file.path, 'Info.plist is not a dictionary');
    return result;
  }
  const text = (key: string): string => {
    const v = plist[key];
    return typeof v === 'string' || typeof v === 'number' ? String(v).trim() : '';
  };
  const name = text('CFBundleName') || (FRAMEWORK_PLIST.exec(file.innerPath)?.[1] ?? '');
  const version = text('CFBundleShortVersionString') || text('CFBundleVersion');
  if (name === '' || version === '') return result;
  const identifier = text('CFBundleIdentifier');
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'MA',
      vendor: '',
      purl: formatPurl({ type: 'generic', name, version }),
      evidence: [metadataEvidence(NAME, file.path, `CFBundleName=${name} CFBundleShortVersionString=${version}${identifier ? ` CFBundleIdentifier=${identifier}` : ''}`)],
    }),
  );
  return result;
}
