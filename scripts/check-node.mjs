// Run first by the root package.json scripts (`npm start`, `npm test`, ...): on a Node too old
// for the TypeScript sources they stop here with one clear message instead of failing later
// on a `.ts` file. The check itself is the launcher's, so both say the same.
import { exitIfNodeTooOld } from '../packages/cli/bin/node-version.js';

exitIfNodeTooOld();
