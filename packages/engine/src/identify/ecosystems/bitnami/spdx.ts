// Bitnami images: every installed asset ships `/opt/bitnami/<app>/.spdx-<app>.spdx`, an
// SPDX 2 JSON document (despite the extension) listing the asset and what it bundles with
// `pkg:bitnami/<name>@<version>?arch&distro` purls.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { catalogSpdxJson } from '../embedded-sbom/spdx-json.ts';

const NAME = 'bitnami/spdx';
// Sample: `opt/bitnami/redis/.spdx-redis.spdx`.
const BITNAMI_SPDX = /(^|\/)opt\/bitnami\/([^/]+)\/\.spdx-\2\.spdx$/;

export const bitnamiSpdx: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('.spdx') && BITNAMI_SPDX.test(innerPath),
  catalog: (file: CatalogFile): Promise<CatalogResult> => catalogSpdxJson(NAME, file, true),
};
