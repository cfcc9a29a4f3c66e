// Tables shared by the executable readers: which imported functions mean what.
import { CODE_RULES } from './code-rules.ts';

/**
 * glibc's fortified functions (the `__X_chk` exports of glibc 2.36 libc.so.6, as
 * `readelf --dyn-syms libc.so.6 | grep _chk@@` lists them), without the leading `__`.
 * checksec reads the same list from the host's libc; a fixed table makes a scan
 * independent of the machine it runs on.
 */
export const FORTIFIED_FUNCTIONS: ReadonlySet<string> = new Set(
  `asprintf confstr dprintf explicit_bzero fdelt fgets fgets_unlocked fgetws fgetws_unlocked fprintf fread
  fread_unlocked fwprintf getcwd getdomainname getgroups gethostname getlogin_r gets getwd longjmp mbsnrtowcs
  mbsrtowcs mbstowcs memcpy memmove mempcpy memset obstack_printf obstack_vprintf poll ppoll pread64 pread printf
  ptsname_r read readlink readlinkat realpath recv recvfrom snprintf sprintf stpcpy stpncpy strcat strcpy strncat
  strncpy swprintf syslog ttyname_r vasprintf vdprintf vfprintf vfwprintf vprintf vsnprintf vsprintf vswprintf
  vsyslog vwprintf wcpcpy wcpncpy wcrtomb wcscat wcscpy wcsncat wcsncpy wcsnrtombs wcsrtombs wcstombs wctomb
  wmemcpy wmemmove wmempcpy wmemset wprintf`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * checksec's counts over symbol names (leading underscores removed, so Mach-O's `___memcpy_chk`
 * counts as ELF's `__memcpy_chk`): fortified = `X_chk` names, fortifiable = those plus plain `X`.
 */
export function fortifyCounts(symbols: readonly string[]): { fortify: boolean; fortified: number; fortifiable: number } {
  const names = new Set(symbols.map((s) => s.replace(/^_+/, '')));
  let fortified = 0;
  let plain = 0;
  for (const name of names) {
    if (name.endsWith('_chk') && FORTIFIED_FUNCTIONS.has(name.slice(0, -4))) fortified++;
    else if (FORTIFIED_FUNCTIONS.has(name)) plain++;
  }
  return { fortify: fortified > 0, fortified, fortifiable: fortified + plain };
}

/**
 * Imports that are unsafe by design or almost always misused (CWE-242/CWE-676, the functions
 * flawfinder rates 4-5 and MSVC's SDL bans): the functions the code rules name.
 */
export const UNSAFE_FUNCTIONS: ReadonlySet<string> = new Set(CODE_RULES.flatMap((rule) => rule.functions));

/** Symbols whose presence means a stack protector was compiled in (checksec's list). */
export const CANARY_SYMBOLS = ['__stack_chk_fail', '__stack_chk_guard', '__intel_security_cookie'] as const;

/**
 * Clang control-flow integrity (-fsanitize=cfi): the cross-DSO runtime entry points, the
 * `__typeid_<type>_*` globals of the type tests, and functions renamed `<name>.cfi` behind
 * their jump table.
 */
export function isCfiSymbol(name: string): boolean {
  const bare = name.replace(/^_(?=__)/, ''); // Mach-O adds one leading underscore
  return CFI_SYMBOLS.has(bare) || bare.startsWith('__typeid_') || name.endsWith('.cfi');
}
const CFI_SYMBOLS: ReadonlySet<string> = new Set(['__cfi_check', '__cfi_check_fail', '__cfi_slowpath', '__cfi_slowpath_diag']);

/** Clang SafeStack (-fsanitize=safe-stack): its runtime's constructor and unsafe-stack pointer. */
export function isSafeStackSymbol(name: string): boolean {
  const bare = name.replace(/^_(?=__)/, '');
  return bare === '__safestack_init' || bare === '__safestack_unsafe_stack_ptr' || bare === '__safestack_pointer_address';
}

/** Runtime symbol prefixes and library names of the compiler sanitizers. */
export const SANITIZERS: readonly { name: string; prefix: string; library: RegExp }[] = [
  // libasan.so.8
  { name: 'asan', prefix: '__asan_', library: /^libasan\.so/ },
  { name: 'hwasan', prefix: '__hwasan_', library: /^libhwasan\.so/ },
  { name: 'lsan', prefix: '__lsan_', library: /^liblsan\.so/ },
  { name: 'msan', prefix: '__msan_', library: /^libmsan\.so/ },
  { name: 'tsan', prefix: '__tsan_', library: /^libtsan\.so/ },
  { name: 'ubsan', prefix: '__ubsan_', library: /^libubsan\.so/ },
];

/**
 * The missing mitigations of an executable in the spec's style (`no-pie`,
 * `execstack`, ...), from its attributes; absent attributes are not reported.
 */
export function missingMitigations(exe: {
  nx?: boolean;
  pie?: boolean;
  relro?: string;
  canary?: boolean;
  fortify?: boolean;
  fortifiable?: number;
  cetIbt?: boolean;
  cetShstk?: boolean;
  bti?: boolean;
  pac?: boolean;
  rwxSegments?: boolean;
  textrel?: boolean;
  dynamicBase?: boolean;
  highEntropyVa?: boolean;
  nxCompat?: boolean;
  gs?: boolean;
  cfg?: boolean;
  safeSeh?: boolean;
  dotnet?: boolean;
}): string[] {
  const out: string[] = [];
  if (exe.nx === false) out.push('execstack');
  if (exe.pie === false) out.push('no-pie');
  if (exe.relro === 'none') out.push('no-relro');
  if (exe.relro === 'partial') out.push('partial-relro');
  if (exe.canary === false) out.push('no-canary');
  if (exe.fortify === false && (exe.fortifiable ?? 0) > 0) out.push('no-fortify');
  if (exe.cetIbt === false) out.push('no-ibt');
  if (exe.cetShstk === false) out.push('no-shstk');
  if (exe.bti === false) out.push('no-bti');
  if (exe.pac === false) out.push('no-pac');
  if (exe.rwxSegments === true) out.push('rwx-segment');
  if (exe.textrel === true) out.push('textrel');
  if (exe.dynamicBase === false) out.push('no-aslr');
  if (exe.highEntropyVa === false) out.push('no-high-entropy-va');
  if (exe.nxCompat === false) out.push('no-dep');
  // /GS and CFG are compiler mitigations of native code; a .NET assembly's IL is compiled by
  // the runtime, which applies its own checks.
  if (exe.gs === false && exe.dotnet !== true) out.push('no-gs');
  if (exe.safeSeh === false) out.push('no-safeseh');
  if (exe.cfg === false && exe.dotnet !== true) out.push('no-control-flow-guard');
  return out;
}
