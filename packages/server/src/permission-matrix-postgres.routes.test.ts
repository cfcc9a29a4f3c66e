// The permission matrix (test/permission-matrix-suite.ts) on PostgreSQL, when DATABASE_URL is set
// (as every route test); on PGlite in permission-matrix.routes.test.ts.
import { describe, it } from 'vitest';
import { DATABASES } from '../test/databases.ts';
import { describePermissionMatrix } from '../test/permission-matrix-suite.ts';

if (DATABASES.includes('postgres')) describePermissionMatrix('postgres');
else describe('permission matrix on postgres', () => it.skip('set DATABASE_URL to run it on PostgreSQL', () => undefined));
