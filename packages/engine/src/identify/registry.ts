// Every cataloger, sorted by name. Adding an ecosystem file = one file under ecosystems/ + one line here.
import type { Cataloger } from './types.ts';
import { apkInstalled } from './ecosystems/alpine/apk-installed.ts';
import { apkPkginfo } from './ecosystems/alpine/apk-pkginfo.ts';
import { androidMetaInfVersion } from './ecosystems/android/meta-inf-version.ts';
import { frameworkPlist } from './ecosystems/apple/framework-plist.ts';
import { bitnamiSpdx } from './ecosystems/bitnami/spdx.ts';
import { podfileLock } from './ecosystems/cocoapods/podfile-lock.ts';
import { condaMeta } from './ecosystems/conda/conda-meta.ts';
import { conanLock } from './ecosystems/cpp/conan-lock.ts';
import { vcpkgJson } from './ecosystems/cpp/vcpkg-json.ts';
import { pubspecLock } from './ecosystems/dart/pubspec-lock.ts';
import { debControl } from './ecosystems/debian/deb-control.ts';
import { dpkgStatus } from './ecosystems/debian/dpkg-status.ts';
import { dotnetAssembly } from './ecosystems/dotnet/assembly.ts';
import { depsJson } from './ecosystems/dotnet/deps-json.ts';
import { mixLock } from './ecosystems/elixir/mix-lock.ts';
import { cyclonedxJson } from './ecosystems/embedded-sbom/cyclonedx-json.ts';
import { cyclonedxXml } from './ecosystems/embedded-sbom/cyclonedx-xml.ts';
import { spdxJson } from './ecosystems/embedded-sbom/spdx-json.ts';
import { spdxTagValue } from './ecosystems/embedded-sbom/spdx-tag-value.ts';
import { rebarLock } from './ecosystems/erlang/rebar-lock.ts';
import { goBuildinfo } from './ecosystems/go/buildinfo.ts';
import { cabalFreeze } from './ecosystems/haskell/cabal-freeze.ts';
import { cabalPlan } from './ecosystems/haskell/cabal-plan.ts';
import { stackLock } from './ecosystems/haskell/stack-lock.ts';
import { homebrewCaskroom } from './ecosystems/homebrew/caskroom.ts';
import { homebrewCellar } from './ecosystems/homebrew/cellar.ts';
import { jarManifest } from './ecosystems/java/jar-manifest.ts';
import { pomProperties } from './ecosystems/java/pom-properties.ts';
import { packageJson } from './ecosystems/javascript/package-json.ts';
import { packageLock } from './ecosystems/javascript/package-lock.ts';
import { pnpmLock } from './ecosystems/javascript/pnpm-lock.ts';
import { yarnLock } from './ecosystems/javascript/yarn-lock.ts';
import { linuxKernelModule } from './ecosystems/linux/kernel-module.ts';
import { nixStorePath } from './ecosystems/nix/store-path.ts';
import { opkgStatus } from './ecosystems/openwrt/opkg-status.ts';
import { composer } from './ecosystems/php/composer.ts';
import { pythonPackageMetadata } from './ecosystems/python/package-metadata.ts';
import { pipfileLock } from './ecosystems/python/pipfile-lock.ts';
import { poetryLock } from './ecosystems/python/poetry-lock.ts';
import { pythonRequirements } from './ecosystems/python/requirements.ts';
import { rDescription } from './ecosystems/r/description.ts';
import { rpmdbBdb } from './ecosystems/redhat/rpmdb-bdb.ts';
import { rpmdbNdb } from './ecosystems/redhat/rpmdb-ndb.ts';
import { rpmdbSqlite } from './ecosystems/redhat/rpmdb-sqlite.ts';
import { gemfileLock } from './ecosystems/ruby/gemfile-lock.ts';
import { gemspec } from './ecosystems/ruby/gemspec.ts';
import { cargoAuditable } from './ecosystems/rust/cargo-auditable.ts';
import { cargoLock } from './ecosystems/rust/cargo-lock.ts';
import { cargoToml } from './ecosystems/rust/cargo-toml.ts';
import { packageResolved } from './ecosystems/swift/package-resolved.ts';
import { wordpressPlugin } from './ecosystems/wordpress/plugin.ts';

export const CATALOGERS: readonly Cataloger[] = [
  apkInstalled,
  apkPkginfo,
  androidMetaInfVersion,
  frameworkPlist,
  bitnamiSpdx,
  podfileLock,
  condaMeta,
  conanLock,
  vcpkgJson,
  pubspecLock,
  debControl,
  dpkgStatus,
  dotnetAssembly,
  depsJson,
  mixLock,
  cyclonedxJson,
  cyclonedxXml,
  spdxJson,
  spdxTagValue,
  rebarLock,
  goBuildinfo,
  cabalFreeze,
  cabalPlan,
  stackLock,
  homebrewCaskroom,
  homebrewCellar,
  jarManifest,
  pomProperties,
  packageJson,
  packageLock,
  pnpmLock,
  yarnLock,
  linuxKernelModule,
  nixStorePath,
  opkgStatus,
  composer,
  pythonPackageMetadata,
  pipfileLock,
  poetryLock,
  pythonRequirements,
  rDescription,
  rpmdbBdb,
  rpmdbNdb,
  rpmdbSqlite,
  gemfileLock,
  gemspec,
  cargoAuditable,
  cargoLock,
  cargoToml,
  packageResolved,
  wordpressPlugin,
];
