// The Node.js version check shared by the `binlens` launcher and the workspace's npm scripts
// (scripts/check-node.mjs). Plain JavaScript that imports nothing: it has to run, and say
// what is wrong, on the old Node versions that cannot load the TypeScript sources.

/** The oldest major version that runs the TypeScript sources (type stripping). */
export const MINIMUM_NODE_MAJOR = 24;

/**
 * True when `version` (`process.version`, e.g. "v24.0.0") is new enough.
 * @param {string} version
 * @returns {boolean}
 */
export function isSupportedNode(version) {
  // "v20.20.2" → 20
  const major = Number(/^v?(\d+)\./.exec(version)?.[1]);
  return major >= MINIMUM_NODE_MAJOR;
}

/**
 * The two lines printed when `version` is too old.
 * @param {string} version
 * @returns {string}
 */
export function oldNodeMessage(version) {
  return (
    `Binlens needs Node.js ${MINIMUM_NODE_MAJOR} or newer (found ${version}).\n` +
    `Install Node.js ${MINIMUM_NODE_MAJOR} LTS from https://nodejs.org or with your package manager, then run the command again.\n`
  );
}

/** Ends the process with status 1 and the message on standard error when this Node is too old. */
export function exitIfNodeTooOld() {
  if (isSupportedNode(process.version)) return;
  process.stderr.write(oldNodeMessage(process.version));
  process.exit(1);
}
