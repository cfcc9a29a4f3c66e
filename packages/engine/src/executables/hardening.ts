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
 * Imports that are unsafe by design or almost always misused (CWE-242/CWE-676, the functions
 * flawfinder rates 4-5 and MSVC's SDL bans): the functions the code rules name.
 */
export const UNSAFE_FUNCTIONS: ReadonlySet<string> = new Set(CODE_RULES.flatMap((rule) => rule.functions));

/** Symbols whose presence means a stack protector was compiled in (checksec's list). */
export const CANARY_SYMBOLS = ['__stack_chk_fail', '__stack_chk_guard', '__intel_security_cookie'] as const;

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
