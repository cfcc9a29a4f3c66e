// Hard-coded passwords in configuration: `password = …`, `"passwd": "…"`, `DB_PASSWORD=…`,
// `<password>…</password>`. Placeholders (changeme, ****, ${VAR}, %s, <secret>) are decoys.
import { looksFake } from '../checks.ts';
import { insideMavenServer } from './maven-settings-password.ts';
import type { InfoleakDetector } from '../types.ts';
import { reachBackStarts, shiftedStarts } from '../starts.ts';

const PLACEHOLDER = /^(changeme|change_me|password|passwd|secret|xxx+|\*+|none|null|nil|true|false|empty|undefined|required|optional|your.?password|<.*>|\$\{.*\}|\$\(.*\)|\{\{.*\}\}|%[sd]|\$[A-Za-z_]+|example.*)$/i;

export const CONFIG_PASSWORD: InfoleakDetector = {
  name: 'config-password',
  kind: 'passwords',
  version: 2,
  keywords: ['pass', 'pwd'],
  // db_password = "Tr0ub4dor&3" ; "password": "hunter2!x" ; <password>S3cr3t!</password> ; MYSQL_ROOT_PASSWORD=...
  pattern: /\b[A-Za-z_.-]{0,32}(?:password|passwd|passphrase|pwd|pass)["']?[ \t]*(?:[:=]|=>)[ \t]*(?:"([^"\r\n]{4,128})"|'([^'\r\n]{4,128})'|([^\s"'#;,<>]{4,128}))|<(password|passwd)>([^<\r\n]{4,128})<\/\4>/gi,
  // At most 32 of [A-Za-z_.-] before the keyword's p, or the < of <password>.
  starts: (text) => reachBackStarts(text, /p(?=ass|wd)/gi, 32, isLabelChar, shiftedStarts(text, /<(?=passw)/gi, 0)),
  secret: true,
  validate: (m) => {
    const value = m[1] ?? m[2] ?? m[3] ?? m[5] ?? '';
    // wpa_passphrase= is the wifi-psk detector's.
    if (/^[:=]/.test(value) || /^wpa_passphrase/i.test(m[0])) return undefined;
    // A Maven <server> password is maven-settings-password's, with its server and user.
    if (m[5] !== undefined && insideMavenServer(m.input, m.index)) return undefined;
    const decoy = PLACEHOLDER.test(value) || value.includes('%') || looksFake(value);
    return { value, ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['db_password = "Tr0ub4dor&3"', '{"password": "hunter2!x"}', '<password>S3cr3t!Pw</password>', 'MYSQL_ROOT_PASSWORD=Zq8!rT2wLk'],
    negative: ['password = changeme', 'password: ${DB_PASSWORD}', 'printf("password=%s")', 'password = ********', 'Password:', 'passwords must be 8 characters'],
  },
};

/** [A-Za-z_.-] */
function isLabelChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e || c === 0x2d;
}
