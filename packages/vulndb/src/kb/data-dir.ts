// Where the CLI's knowledge base lives. Apart from open.ts (PGlite, drizzle) so that
// `binlens scan` can ask whether one exists without loading the database code
// (package subpath `@binlens/vulndb/data-dir`).
import os from 'node:os';
import path from 'node:path';

/**
 * `$BINLENS_DATA_DIR`, else `$XDG_CACHE_HOME/binlens`, else `~/.cache/binlens`
 * (`%LOCALAPPDATA%\binlens` on Windows).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.BINLENS_DATA_DIR) return env.BINLENS_DATA_DIR;
  if (env.XDG_CACHE_HOME) return path.join(env.XDG_CACHE_HOME, 'binlens');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return path.join(env.LOCALAPPDATA, 'binlens');
  return path.join(os.homedir(), '.cache', 'binlens');
}

/** The knowledge-base directory inside a data directory. */
export function knowledgeBaseDir(dataDir: string): string {
  return path.join(dataDir, 'kb');
}
