/** Only same-site paths: "/groups/4" is kept, "//evil.example" and "https://…" go home. */
export function safeRedirect(target: string | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/login')) return '/';
  return target;
}
