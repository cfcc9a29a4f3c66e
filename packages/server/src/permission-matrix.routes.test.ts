// The permission matrix (test/permission-matrix-suite.ts) on PGlite; on PostgreSQL in
// permission-matrix-postgres.routes.test.ts, a file of its own so that the two run side by side.
import { describePermissionMatrix } from '../test/permission-matrix-suite.ts';

describePermissionMatrix('pglite');
