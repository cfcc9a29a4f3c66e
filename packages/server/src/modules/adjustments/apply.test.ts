import { type Component, IDENTIFICATION_SCHEMA_VERSION, type Identification } from '@binlens/engine/model';
import type { Evaluation } from '@binlens/vulndb';
import { describe, expect, it } from 'vitest';
import type { ComponentIgnoreRow, ComponentNameOverrideRow, ComponentObjectMoveRow, LicenseOverrideRow, TriageRow, VersionOverrideRow } from '../../db/schema/index.ts';
import { adjustIdentification, applyTriages, NO_ADJUSTMENTS, type ScanAdjustments } from './apply.ts';

const AT = new Date('2026-12-01T10:00:00.000Z');
const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);

function component(name: string, version: string, files: string[], fields: Partial<Component> = {}): Component {
  return {
    id: `${name}@${version}`, name, version, codetype: 'NA', vendor: '', purl: `pkg:deb/debian/${name}@${version}?upstream=${name}-src%40${version}`,
    cpes: [`cpe:2.3:a:vendor:${name}:${version}:*:*:*:*:*:*:*`, `cpe:2.3:a:vendor:${name}:*:*:*:*:*:*:*:*`], licenses: ['MIT'],
    evidence: files.map((file) => ({ method: 'package-metadata' as const, foundBy: 'debian/dpkg-status', path: ['fw.bin', file] })), ...fields,
  };
}

const core = (components: Component[]): Identification => ({
  schemaVersion: IDENTIFICATION_SCHEMA_VERSION,
  input: { name: 'fw.bin', size: 1, sha1: 'c'.repeat(40), sha256: 'd'.repeat(64) },
  files: [
    { path: ['fw.bin', 'usr/lib/libz.so.1'], size: 1, sha1: SHA_A, sha256: '1'.repeat(64) },
    { path: ['fw.bin', 'usr/lib/libz.a'], size: 1, sha1: SHA_B, sha256: '2'.repeat(64) },
  ],
  components,
  problems: [],
  startedAt: AT.toISOString(),
  finishedAt: AT.toISOString(),
});

const adjustments = (fields: Partial<ScanAdjustments>): ScanAdjustments => ({ ...NO_ADJUSTMENTS, ...fields });
const versionOverride = (fields: Partial<VersionOverrideRow>): VersionOverrideRow => ({
  id: 1, componentName: 'zlib', hashes: [SHA_A], version: '1.3.1', scope: 3, groupScope: null, resultScope: null, createdBy: null, createdAt: AT, ...fields,
});
const licenseOverride = (fields: Partial<LicenseOverrideRow>): LicenseOverrideRow => ({
  id: 1, scanId: 5, componentName: 'zlib', componentVersion: null, scope: 1, groupScope: null, resultScope: 5, licenseName: 'Zlib', createdBy: null, createdAt: AT, ...fields,
});
const triage = (fields: Partial<TriageRow>): TriageRow => ({
  id: 1, scanId: 5, componentName: 'zlib', mappedComponentId: null, componentVersion: '1.2.13', versionRange: null, vulnId: 'CVE-2022-37434', description: '',
  rationale: 'NA', scope: 'CA', groupScope: null, resultScope: null, applicationName: null, fileHash: null, triagedObj: null,
  adjustedSeverity: null, environmentalVector: null, adjustedScore: null, createdBy: 3, createdAt: AT, modifiedAt: AT, ...fields,
});

describe('adjustIdentification', () => {
  it('changes nothing without adjustments, and says so per component', () => {
    const found = core([component('zlib', '1.2.13', ['usr/lib/libz.so.1'])]);
    const adjusted = adjustIdentification(found, NO_ADJUSTMENTS);
    expect(adjusted.identification.components).toEqual(found.components);
    expect(adjusted.decorations).toEqual({ 'zlib@1.2.13': { custom_version: null, detected_version: null, license_overrides: [], name_override: null, ignored_component_ids: [] } });
    expect([...(adjusted.fileHashes['zlib@1.2.13'] ?? [])]).toEqual([SHA_A]);
  });

  it('overrides the version of the component holding a keyed file, with its purl and versioned CPEs', () => {
    const found = core([component('zlib', '1.2.13', ['usr/lib/libz.so.1']), component('zlib', '1.2.11', ['usr/lib/libz.a'], { id: 'static' })]);
    const adjusted = adjustIdentification(found, adjustments({ versionOverrides: [versionOverride({})] }));
    const [shared, other] = adjusted.identification.components;
    expect(shared).toMatchObject({
      version: '1.3.1',
      purl: 'pkg:deb/debian/zlib@1.3.1?upstream=zlib-src',
      cpes: ['cpe:2.3:a:vendor:zlib:1.3.1:*:*:*:*:*:*:*', 'cpe:2.3:a:vendor:zlib:*:*:*:*:*:*:*:*'],
    });
    expect(other?.version).toBe('1.2.11');
    expect(adjusted.decorations['zlib@1.2.13']?.custom_version).toBe('1.3.1');
    expect(adjusted.decorations['zlib@1.2.13']?.detected_version).toBe('1.2.13');
    expect(adjusted.decorations.static?.custom_version).toBeNull();
    // The stored Identification is never touched.
    expect(found.components[0]?.version).toBe('1.2.13');
  });

  it('takes the first licence override that holds, and lists them all', () => {
    const newest = licenseOverride({ id: 2, licenseName: 'LicenseRef-vendor' });
    const older = licenseOverride({ id: 1, licenseName: 'Zlib' });
    const other = licenseOverride({ id: 3, componentVersion: '9.9', licenseName: 'GPL-2.0-only' });
    const adjusted = adjustIdentification(core([component('zlib', '1.2.13', ['usr/lib/libz.so.1'])]), adjustments({ licenseOverrides: [newest, older, other] }));
    expect(adjusted.identification.components[0]?.licenses).toEqual(['LicenseRef-vendor']);
    expect(adjusted.decorations['zlib@1.2.13']?.license_overrides.map((o) => o.id)).toEqual([2, 1]);
    const fallback = adjustIdentification(core([component('zlib', '1.2.13', ['usr/lib/libz.so.1'])]), adjustments({ licenseOverrides: [older] }));
    expect(fallback.identification.components[0]?.licenses).toEqual(['Zlib']);
  });

  it('names a component by the mimir fields and marks ignored ones', () => {
    const rename: ComponentNameOverrideRow = {
      id: 4, displayName: 'zlib (vendor build)', componentId: null, mimirName: 'ZLIB', mimirCodetype: 'NA', mimirVendor: null, mimirVariant: null, createdBy: null, createdAt: AT,
    };
    const ignore: ComponentIgnoreRow = {
      id: 8, scanId: 5, componentName: 'zlib', componentVersion: null, description: '', scope: 'FH', groupScope: null, resultScope: null, applicationName: null,
      fileHash: SHA_B, createdBy: null, createdAt: AT,
    };
    const adjusted = adjustIdentification(
      core([component('zlib', '1.2.13', ['usr/lib/libz.so.1']), component('zlib', '1.2.11', ['usr/lib/libz.a'], { id: 'static' })]),
      adjustments({ nameOverrides: [rename], ignores: [ignore] }),
    );
    expect(adjusted.decorations['zlib@1.2.13']).toMatchObject({ name_override: { id: 4, name: 'zlib (vendor build)' }, ignored_component_ids: [] });
    expect(adjusted.decorations.static).toMatchObject({ name_override: { id: 4, name: 'zlib (vendor build)' }, ignored_component_ids: ['8'] });
  });

  it('moves files with their evidence, and drops a source left with none', () => {
    const found = core([component('zlib', '1.2.13', ['usr/lib/libz.so.1', 'usr/lib/libz.a']), component('libz-static', '1.2.13', [], { id: 'static' })]);
    const move = (hashes: string[]): ComponentObjectMoveRow => ({ id: 1, scanId: 5, fromUid: 'zlib@1.2.13', toUid: 'static', hashes, createdBy: null, createdAt: AT });
    const partly = adjustIdentification(found, adjustments({ moves: [move([SHA_B])] }));
    expect(partly.identification.components.map((c) => [c.id, c.evidence.map((e) => e.path[1])])).toEqual([
      ['zlib@1.2.13', ['usr/lib/libz.so.1']], ['static', ['usr/lib/libz.a']],
    ]);
    const whole = adjustIdentification(found, adjustments({ moves: [move([SHA_A, SHA_B])] }));
    expect(whole.identification.components.map((c) => c.id)).toEqual(['static']);
  });
});

describe('applyTriages', () => {
  const found = core([component('zlib', '1.2.13', ['usr/lib/libz.so.1']), component('zlib', '1.2.13', ['usr/lib/libz.a'], { id: 'static' })]);
  const evaluation: Evaluation = {
    components: {
      'zlib@1.2.13': [{ vuln_id: 'CVE-2022-37434', exact: true, triages: [], unresolved_triages: [], matched_by: [] }],
      static: [{ vuln_id: 'CVE-2022-37434', exact: true, triages: [], unresolved_triages: [], matched_by: [] }, { vuln_id: 'CVE-2018-25032', exact: true, triages: [], unresolved_triages: [], matched_by: [] }],
    },
    upgrade: {},
    vulnerabilities: { 'CVE-2018-25032': { aliases: ['GHSA-jc36-42cf-vqwj'] } as never },
  };
  const apply = (rules: TriageRow[]) => {
    const given = adjustments({ triages: rules });
    return applyTriages(evaluation, adjustIdentification(found, given), given).components;
  };
  const summary = (components: Evaluation['components']) =>
    Object.fromEntries(Object.entries(components).map(([uid, vulns]) => [uid, vulns.map((v) => [v.vuln_id, v.triages.length, v.unresolved_triages.length])]));

  it('puts resolving triages and the others (comments, re-scorings) apart', () => {
    expect(summary(apply([triage({ id: 1 }), triage({ id: 2, rationale: 'CO' }), triage({ id: 3, rationale: 'MI', adjustedSeverity: 'low' })]))).toEqual({
      'zlib@1.2.13': [['CVE-2022-37434', 1, 2]],
      static: [['CVE-2022-37434', 1, 2], ['CVE-2018-25032', 0, 0]],
    });
  });

  it('holds a file-hash triage only for the component with that file, and matches a vulnerability by its aliases', () => {
    expect(summary(apply([triage({ scope: 'FH', fileHash: SHA_B }), triage({ id: 2, vulnId: 'GHSA-jc36-42cf-vqwj' })]))).toEqual({
      'zlib@1.2.13': [['CVE-2022-37434', 0, 0]],
      static: [['CVE-2022-37434', 1, 0], ['CVE-2018-25032', 1, 0]],
    });
  });

  it('leaves an ignored component without vulnerabilities and another version untriaged', () => {
    const ignore: ComponentIgnoreRow = {
      id: 8, scanId: 5, componentName: 'zlib', componentVersion: null, description: '', scope: 'FH', groupScope: null, resultScope: null, applicationName: null,
      fileHash: SHA_A, createdBy: null, createdAt: AT,
    };
    const given = adjustments({ ignores: [ignore], triages: [triage({ componentVersion: '1.2.12' })] });
    expect(summary(applyTriages(evaluation, adjustIdentification(found, given), given).components)).toEqual({
      'zlib@1.2.13': [],
      static: [['CVE-2022-37434', 0, 0], ['CVE-2018-25032', 0, 0]],
    });
  });
});
