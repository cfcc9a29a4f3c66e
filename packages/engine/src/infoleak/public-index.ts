// Local copies of a public package archive's index, which the leak search leaves out: apt keeps
// the Debian and Ubuntu archives' package lists in var/lib/apt/lists (a Debian system's holds
// some 60,000 packages' maintainers and home pages, ~40,000 addresses and URLs, all published
// by the archive itself). A list fetched from any other host (a company's own repository) is
// searched: its names and addresses may be the company's.

/** Hosts of the public archives, each with its subdomains (deb.debian.org, us.archive.ubuntu.com). */
const PUBLIC_ARCHIVE_DOMAINS = ['debian.org', 'ubuntu.com'];

/** `…/var/lib/apt/lists/<host>_<path>_<file>` (also in lists/partial/), apt's name for a fetched index. */
const APT_LIST = /(?:^|\/)var\/lib\/apt\/lists\/(?:partial\/)?([^/_]+)_[^/]+$/;

/** The public archive whose index the file at `innerPath` is a copy of, if it is one. */
export function publicIndexHost(innerPath: string): string | undefined {
  const host = APT_LIST.exec(innerPath)?.[1]?.replace(/:\d+$/, '').toLowerCase();
  if (host === undefined) return undefined;
  return PUBLIC_ARCHIVE_DOMAINS.some((domain) => host === domain || host.endsWith(`.${domain}`)) ? host : undefined;
}
