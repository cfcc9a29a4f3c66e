// Hard-coded passwords in configuration: `password = …`, `"passwd": "…"`, `DB_PASSWORD=…`,
// `<password>…</password>`. Placeholders (changeme, ****, ${VAR}, %s, <secret>, a FILE
// metavariable) are decoys. Where `passwd` names the Unix program, database or package rather
// than a setting (`/etc/passwd:…`, `base-passwd:amd64`, `passwd: pam_start() failed`,
// nsswitch.conf's `passwd: files`), or the value is code (`$passwd = &which('passwd')`), there
// is no password.
import { looksFake } from '../checks.ts';
import { insideMavenServer } from './maven-settings-password.ts';
import type { InfoleakDetector } from '../types.ts';
import { reachBackStarts, shiftedStarts } from '../starts.ts';

const PLACEHOLDER = /^(changeme|change_me|password|passwd|secret|xxx+|\*+|none|null|nil|true|false|define|undef|empty|undefined|required|optional|your.?password|<.*>|\$\{.*\}|\$\(.*\)|\{\{.*\}\}|%[sd]|\$[A-Za-z_]+|example.*)$/i;

export const CONFIG_PASSWORD: InfoleakDetector = {
  name: 'config-password',
  kind: 'passwords',
  version: 3,
  keywords: ['pass', 'pwd'],
  // db_password = "Tr0ub4dor&3" ; "password": "hunter2!x" ; <password>S3cr3t!</password> ; MYSQL_ROOT_PASSWORD=...
  pattern: /\b[A-Za-z_.-]{0,32}(?:password|passwd|passphrase|pwd|pass)["']?[ \t]*(?:[:=]|=>)[ \t]*(?:"([^"\r\n]{4,128})"|'([^'\r\n]{4,128})'|([^\s"'#;,<>]{4,128}))|<(password|passwd)>([^<\r\n]{4,128})<\/\4>/gi,
  // At most 32 of [A-Za-z_.-] before the keyword's p, or the < of <password>.
  starts: (text) => reachBackStarts(text, /p(?=ass|wd)/gi, 32, isLabelChar, shiftedStarts(text, /<(?=passw)/gi, 0)),
  secret: true,
  validate: (m, path) => {
    const value = m[1] ?? m[2] ?? m[3] ?? m[5] ?? '';
    // wpa_passphrase= is the wifi-psk detector's.
    if (/^[:=]/.test(value) || /^wpa_passphrase/i.test(m[0])) return undefined;
    // A Maven <server> password is maven-settings-password's, with its server and user.
    if (m[5] !== undefined && insideMavenServer(m.input, m.index)) return undefined;
    if (m.input[m.index - 1] === '/' || NOT_SETTINGS.test(path.at(-1) ?? '')) return undefined;
    if (m[3] !== undefined && !literalValue(m, value)) return undefined;
    const option = m.input[m.index - 1] === '-';
    const metavariable = m[3] !== undefined && (METAVARIABLE.test(value) || (option && OPTION_ARGUMENT.test(value)));
    const decoy = PLACEHOLDER.test(value) || value.includes('%') || looksFake(value) || metavariable;
    return { value, ...(decoy ? { decoy } : {}) };
  },
  samples: {
    positive: ['db_password = "Tr0ub4dor&3"', '{"password": "hunter2!x"}', '<password>S3cr3t!Pw</password>', 'MYSQL_ROOT_PASSWORD=Zq8!rT2wLk', '  password: Zq8!rT2wLk   # rotated in May', 'backup --password=hunter'],
    negative: [
      'password = changeme', 'password: ${DB_PASSWORD}', 'printf("password=%s")', 'password = ********', 'Password:', 'passwords must be 8 characters',
      'passwd: pam_start() failed, error %d', '2026-12-08 00:31:00 install base-passwd:amd64 <none> 3.6.1', "my $passwd = &which('passwd');",
      'pwd = `cmd /c cd`', '/etc/passwd:eli:x:2098:1000:Eli Smith:/home/eli:/bin/bash', '  -P, --passwd=file         Use file as the system passwd file',
      '--passwd=PLIK', '\\fB\\-\\-passwd=DATEI\\fP', 'pw_name:pw_passwd:pw_uid:pw_gid:pw_gecos:pw_dir:pw_shell', "d_grpasswd='define'",
      'instead of giving you a password: prompt):', 'openssl_hash_password: normalize the password prior to use', 'passwd: elevated-privileges 4755 root/root [usr/bin/passwd]',
    ],
  },
};

/**
 * Files of `name: value` lines that are not settings: nsswitch.conf's `passwd: files systemd`
 * names where the passwd database comes from, a lintian override's `base-passwd: tag` a check.
 */
const NOT_SETTINGS = /(?:^|\/)(?:nsswitch\.conf|usr\/share\/lintian\/overrides\/[^/]+)$/;
/** An option's argument in help text and manual pages (a troff font change aside): FILE, DATEI, ФАЙЛ. */
const METAVARIABLE = /^\p{Lu}[\p{Lu}_-]+(?:\\f[BIRP])?$/u;
/** The lower-case names help text gives an option's argument (`--passwd=file`). */
const OPTION_ARGUMENT = /^(?:file|filename|path|name|string|value|word|text|arg)$/;
const ARCHITECTURE = /^(?:amd64|arm64|armel|armhf|i386|mips64el|mipsel|ppc64el|riscv64|s390x|all|any)$/;

/**
 * Whether an unquoted value is a literal setting: not code (a variable, a call, a command's
 * output, a reference), not a package's architecture (`base-passwd:amd64`) or a record's
 * fields, and not the first word of several after a colon, a comment aside
 * (`passwd: elevated-privileges 4755 …`, a commit message's `hash_password: normalize the …`).
 */
function literalValue(m: RegExpExecArray, value: string): boolean {
  if (/^[$&`@(]/.test(value) || /[()]/.test(value)) return false;
  if (!/:[ \t]*$/.test(m[0].slice(0, m[0].length - value.length))) return true;
  // `pw_name:pw_passwd:pw_uid:…`, passwd(5)'s `account:password:UID:GID:…`: a record's fields.
  if (ARCHITECTURE.test(value) || value.includes(':')) return false;
  return !/^[ \t]+[^#\s]/.test(m.input.slice(m.index + m[0].length, m.index + m[0].length + 64));
}

/** [A-Za-z_.-] */
function isLabelChar(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f || c === 0x2e || c === 0x2d;
}
