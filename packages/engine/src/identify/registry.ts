// Every cataloger, sorted by name. Adding an ecosystem file = one file under ecosystems/ + one line here.
import type { Cataloger } from './types.ts';
import { debControl } from './ecosystems/debian/deb-control.ts';
import { dpkgStatus } from './ecosystems/debian/dpkg-status.ts';
import { packageJson } from './ecosystems/javascript/package-json.ts';

export const CATALOGERS: readonly Cataloger[] = [debControl, dpkgStatus, packageJson];
