/**
 * Only local paths, as the web app's features/auth/safe-redirect.ts: "/groups/4" is kept;
 * "//evil.example", "/\evil.example", "https://…" and the login page itself go home.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\') || target.startsWith('/login')) return '/';
  // Control characters (a tab or newline inside "/\t/evil.example") let browsers read a path as a host.
  if ([...target].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return '/';
  return target;
}
