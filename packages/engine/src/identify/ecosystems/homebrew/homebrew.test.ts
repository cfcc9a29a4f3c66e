import { describe, expect, it } from 'vitest';
import { homebrewCaskroom } from './caskroom.ts';
import { homebrewCellar } from './cellar.ts';
import { memoryFile } from '../../test-helpers.ts';

// As Homebrew 4.2 writes a keg's receipt (built_on trimmed).
const RECEIPT = JSON.stringify({
  homebrew_version: '4.2.5',
  used_options: [],
  unused_options: [],
  built_as_bottle: true,
  poured_from_bottle: true,
  loaded_from_api: true,
  installed_as_dependency: false,
  installed_on_request: true,
  changed_files: ['lib/pkgconfig/openssl.pc'],
  time: 1706700000,
  source_modified_time: 1705900000,
  compiler: 'clang',
  aliases: [],
  runtime_dependencies: [{ full_name: 'ca-certificates', version: '2023-12-12', declared_directly: true }],
  source: { path: '/opt/homebrew/Library/Taps/homebrew/homebrew-core/Formula/o/openssl@3.rb', tap: 'homebrew/core', spec: 'stable', versions: { stable: '3.2.0', head: null, version_scheme: 0 } },
  arch: 'arm64',
  built_on: { os: 'Macintosh', os_version: 'macOS 14' },
});
const KEG = 'opt/homebrew/Cellar/openssl@3/3.2.0_1/';
const FORMULA = 'class OpensslAT3 < Formula\n  desc "Cryptography and SSL/TLS Toolkit"\n  homepage "https://openssl.org/"\n  license "Apache-2.0"\n';

describe('homebrew/cellar', () => {
  it('matches receipts in kegs only', () => {
    expect([`${KEG}INSTALL_RECEIPT.json`, 'home/linuxbrew/.linuxbrew/Cellar/jq/1.7.1/INSTALL_RECEIPT.json', 'Cellar/jq/INSTALL_RECEIPT.json'].map((p) => homebrewCellar.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('formula and version with revision from the keg, licence from the kept formula', async () => {
    const { components, problems } = await homebrewCellar.catalog(memoryFile(['mac.tar', `${KEG}INSTALL_RECEIPT.json`], RECEIPT, { [`${KEG}.brew/openssl@3.rb`]: FORMULA }));
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.purl, c.licenses, c.evidence[0]?.text])).toEqual([
      ['openssl@3', '3.2.0_1', 'DP', 'pkg:generic/homebrew/openssl%403@3.2.0_1', ['Apache-2.0'], 'Cellar/openssl@3/3.2.0_1 (tap homebrew/core, homebrew 4.2.5)'],
    ]);
  });

  it('a third-party tap is kept; a broken receipt is a problem', async () => {
    const tapped = await homebrewCellar.catalog(memoryFile([`Cellar/tool/1.0/INSTALL_RECEIPT.json`], JSON.stringify({ source: { tap: 'acme/tools' } })));
    expect(tapped.components.map((c) => [c.purl, c.licenses])).toEqual([['pkg:generic/homebrew/tool@1.0?tap=acme%2Ftools', []]]);
    expect((await homebrewCellar.catalog(memoryFile([`${KEG}INSTALL_RECEIPT.json`], '{'))).problems.map((p) => p.code)).toEqual(['malformed']);
  });
});

describe('homebrew/caskroom', () => {
  const cask = (token: string, version: string) => `opt/homebrew/Caskroom/${token}/.metadata/${version}/20240125093000.123/Casks/${token}.rb`;

  it('matches the cask file kept per installed version', () => {
    expect([cask('firefox', '122.0'), cask('firefox', '122.0').replace('.rb', '.json'), 'Caskroom/firefox/122.0/Firefox.app/x'].map((p) => homebrewCaskroom.matches([p], p, undefined))).toEqual([true, true, false]);
  });

  it('the cask and its version; latest is no version', async () => {
    const firefox = await homebrewCaskroom.catalog(memoryFile([cask('firefox', '122.0')], 'cask "firefox" do\nend\n'));
    const chrome = await homebrewCaskroom.catalog(memoryFile([cask('google-chrome', 'latest')], ''));
    expect([...firefox.components, ...chrome.components].map((c) => [c.name, c.version, c.codetype, c.purl])).toEqual([
      ['firefox', '122.0', 'DP', 'pkg:generic/homebrew-cask/firefox@122.0'],
      ['google-chrome', '', 'DP', 'pkg:generic/homebrew-cask/google-chrome'],
    ]);
  });
});
