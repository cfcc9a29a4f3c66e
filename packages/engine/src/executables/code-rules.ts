// Static code analysis of compiled code: the rules a finding names, each with what it means
// and what to do instead. The readers record the facts (imported functions, RPATH/RUNPATH);
// report/native-code-findings.ts turns them into findings by these rules.

export type CodeRuleSeverity = 'high' | 'medium' | 'low';

export interface CodeRule {
  /** Stable id a finding names, e.g. `unbounded-copy`. */
  id: string;
  title: string;
  severity: CodeRuleSeverity;
  /** CWE id, e.g. `CWE-120`. */
  cwe: string;
  /** Why the construct is dangerous. */
  explanation: string;
  /** What to use or do instead. */
  remedy: string;
  /** Imported functions the rule matches; empty for rules on other facts. */
  functions: readonly string[];
}

/** The rule on RPATH/RUNPATH entries (the others are on imported functions). */
export const INSECURE_LIBRARY_PATH: CodeRule = {
  id: 'insecure-library-path',
  title: 'Library search path outside the system',
  severity: 'high',
  cwe: 'CWE-426',
  explanation: 'An RPATH or RUNPATH entry that is relative (resolved against the working directory), empty (the working directory) or world-writable (/tmp, /var/tmp, /dev/shm) lets whoever controls that directory supply a library the program loads.',
  remedy: 'Link with absolute, root-owned directories or $ORIGIN-relative ones only.',
  functions: [],
};

export const CODE_RULES: readonly CodeRule[] = [
  {
    id: 'inherently-dangerous',
    title: 'Inherently dangerous function',
    severity: 'high',
    cwe: 'CWE-242',
    explanation: 'gets and getwd write into a caller buffer without being told its size: any long enough input overflows it, and no use of them is safe.',
    remedy: 'Use fgets with the buffer size, and getcwd with the buffer size.',
    functions: ['gets', 'getwd'],
  },
  {
    id: 'unbounded-copy',
    title: 'String copy without a bound',
    severity: 'high',
    cwe: 'CWE-120',
    explanation: 'strcpy, strcat, stpcpy, wcscpy and wcscat copy until the terminating NUL of the source, whatever the size of the destination: a source longer than expected overflows the buffer.',
    remedy: 'Use strlcpy/strlcat or snprintf with the destination size, or check the length before copying.',
    functions: ['strcpy', 'strcat', 'stpcpy', 'wcscpy', 'wcscat'],
  },
  {
    id: 'unbounded-format',
    title: 'Formatting without a bound',
    severity: 'high',
    cwe: 'CWE-787',
    explanation: 'sprintf and vsprintf write as many characters as the format produces: a long argument or a format the input controls writes past the end of the buffer.',
    remedy: 'Use snprintf or vsnprintf with the buffer size, and never pass input as the format.',
    functions: ['sprintf', 'vsprintf'],
  },
  {
    id: 'unbounded-scan',
    title: 'Input scanning that may not be bounded',
    severity: 'medium',
    cwe: 'CWE-120',
    explanation: 'scanf, sscanf and fscanf store %s and %[ conversions without a limit unless each one carries a field width; a binary does not show whether its formats do.',
    remedy: 'Give every %s and %[ a field width, or read a line with fgets and parse it.',
    functions: ['scanf', 'sscanf', 'fscanf'],
  },
  {
    id: 'shell-execution',
    title: 'Command run through the shell',
    severity: 'medium',
    cwe: 'CWE-78',
    explanation: 'system and popen hand a string to /bin/sh: when any part of it comes from input, shell metacharacters in it run commands of the attacker\'s choosing.',
    remedy: 'Run the program with execve or posix_spawn and an argument vector, and validate what reaches it.',
    functions: ['system', 'popen'],
  },
  {
    id: 'predictable-temporary-file',
    title: 'Predictable temporary file name',
    severity: 'medium',
    cwe: 'CWE-377',
    explanation: 'mktemp, tmpnam and tempnam return a name that another process can guess and create first (a symlink to a file of its choosing) between the call and the open.',
    remedy: 'Use mkstemp or mkdtemp, which create the file or directory atomically.',
    functions: ['mktemp', 'tmpnam', 'tempnam'],
  },
  INSECURE_LIBRARY_PATH,
];

const BY_FUNCTION: ReadonlyMap<string, CodeRule> = new Map(CODE_RULES.flatMap((rule) => rule.functions.map((fn) => [fn, rule] as const)));

/** The rule an imported function falls under; undefined for a function no rule names. */
export function ruleOfFunction(name: string): CodeRule | undefined {
  return BY_FUNCTION.get(name);
}

const WORLD_WRITABLE = ['/tmp', '/var/tmp', '/dev/shm'];

/** Whether an RPATH/RUNPATH entry lets someone other than the system choose a library. */
export function isInsecureLibraryPath(entry: string): boolean {
  if (entry === '') return true;
  if (entry.startsWith('$ORIGIN') || entry.startsWith('${ORIGIN}')) return false;
  if (!entry.startsWith('/')) return true;
  const trimmed = entry.replace(/\/+$/, '');
  return WORLD_WRITABLE.some((dir) => trimmed === dir || trimmed.startsWith(`${dir}/`));
}
