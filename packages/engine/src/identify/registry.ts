// Every cataloger, sorted by name. Adding an ecosystem file = one file under ecosystems/ + one line here.
import type { Cataloger } from './types.ts';
import { apkInstalled } from './ecosystems/alpine/apk-installed.ts';
import { apkPkginfo } from './ecosystems/alpine/apk-pkginfo.ts';
import { androidMetaInfVersion } from './ecosystems/android/meta-inf-version.ts';
import { frameworkPlist } from './ecosystems/apple/framework-plist.ts';
import { podfileLock } from './ecosystems/cocoapods/podfile-lock.ts';
import { conanLock } from './ecosystems/cpp/conan-lock.ts';
import { vcpkgJson } from './ecosystems/cpp/vcpkg-json.ts';
import { debControl } from './ecosystems/debian/deb-control.ts';
import { dpkgStatus } from './ecosystems/debian/dpkg-status.ts';
import { dotnetAssembly } from './ecosystems/dotnet/assembly.ts';
import { depsJson } from './ecosystems/dotnet/deps-json.ts';
import { goBuildinfo } from './ecosystems/go/buildinfo.ts';
import { jarManifest } from './ecosystems/java/jar-manifest.ts';
import { pomProperties } from './ecosystems/java/pom-properties.ts';
import { packageJson } from './ecosystems/javascript/package-json.ts';
import { packageLock } from './ecosystems/javascript/package-lock.ts';
import { pnpmLock } from './ecosystems/javascript/pnpm-lock.ts';
import { yarnLock } from './ecosystems/javascript/yarn-lock.ts';
import { opkgStatus } from './ecosystems/openwrt/opkg-status.ts';
import { composer } from './ecosystems/php/composer.ts';
import { pythonPackageMetadata } from './ecosystems/python/package-metadata.ts';
import { pipfileLock } from './ecosystems/python/pipfile-lock.ts';
import { poetryLock } from './ecosystems/python/poetry-lock.ts';
import { pythonRequirements } from './ecosystems/python/requirements.ts';
import { rpmdbBdb } from './ecosystems/redhat/rpmdb-bdb.ts';
import { rpmdbNdb } from './ecosystems/redhat/rpmdb-ndb.ts';
import { rpmdbSqlite } from './ecosystems/redhat/rpmdb-sqlite.ts';
import { gemfileLock } from './ecosystems/ruby/gemfile-lock.ts';
import { gemspec } from './ecosystems/ruby/gemspec.ts';
import { cargoAuditable } from './ecosystems/rust/cargo-auditable.ts';
import { cargoLock } from './ecosystems/rust/cargo-lock.ts';

export const CATALOGERS: readonly Cataloger[] = [
  apkInstalled,
  apkPkginfo,
  androidMetaInfVersion,
  frameworkPlist,
  podfileLock,
  conanLock,
  vcpkgJson,
  debControl,
  dpkgStatus,
  dotnetAssembly,
  depsJson,
  goBuildinfo,
  jarManifest,
  pomProperties,
  packageJson,
  packageLock,
  pnpmLock,
  yarnLock,
  opkgStatus,
  composer,
  pythonPackageMetadata,
  pipfileLock,
  poetryLock,
  pythonRequirements,
  rpmdbBdb,
  rpmdbNdb,
  rpmdbSqlite,
  gemfileLock,
  gemspec,
  cargoAuditable,
  cargoLock,
];
