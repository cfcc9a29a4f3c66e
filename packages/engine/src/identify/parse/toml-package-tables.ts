// The `[[package]]` tables of lock files that tools write as TOML with one
// `key = "value"` per line (Cargo.lock, poetry.lock). A nested or other table header
// (`[package.extras]`, `[metadata]`) ends the current package's plain keys.

export interface PackageTable {
  fields: Map<string, string>;
  /** 1-based line of the `[[package]]` header, for located problems. */
  line: number;
}

// Sample: `version = "1.0.79"`.
const KEY_VALUE = /^([a-z_-]+)\s*=\s*"([^"]*)"\s*$/;

export function readPackageTables(text: string): PackageTable[] {
  const packages: PackageTable[] = [];
  let current: Map<string, string> | undefined;
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '[[package]]') {
      current = new Map();
      packages.push({ fields: current, line: i + 1 });
    } else if (line.startsWith('[')) current = undefined;
    else if (current) {
      const match = KEY_VALUE.exec(line);
      if (match) current.set(match[1] ?? '', match[2] ?? '');
    }
  });
  return packages;
}
