import { describe, expect, it } from 'vitest';
import { publicIndexHost } from './public-index.ts';

describe('publicIndexHost', () => {
  it("names the public archive of apt's copy of its index", () => {
    expect(publicIndexHost('var/lib/apt/lists/deb.debian.org_debian_dists_bookworm_main_binary-amd64_Packages')).toBe('deb.debian.org');
    expect(publicIndexHost('rootfs/var/lib/apt/lists/security.debian.org_debian-security_dists_bookworm-security_InRelease')).toBe('security.debian.org');
    expect(publicIndexHost('var/lib/apt/lists/us.archive.ubuntu.com_ubuntu_dists_jammy_main_i18n_Translation-en')).toBe('us.archive.ubuntu.com');
    expect(publicIndexHost('var/lib/apt/lists/partial/ports.ubuntu.com:80_ubuntu-ports_dists_noble_Release')).toBe('ports.ubuntu.com');
  });

  it('leaves any other repository, file or place to the search', () => {
    expect(publicIndexHost('var/lib/apt/lists/apt.corp.example_debian_dists_stable_main_binary-amd64_Packages')).toBeUndefined();
    expect(publicIndexHost('var/lib/apt/lists/debian.org.evil.example_debian_dists_stable_Release')).toBeUndefined();
    expect(publicIndexHost('var/lib/apt/lists/lock')).toBeUndefined();
    expect(publicIndexHost('home/user/var/lib/apt/listsX/deb.debian.org_debian_Release')).toBeUndefined();
    expect(publicIndexHost('var/lib/dpkg/status')).toBeUndefined();
    expect(publicIndexHost('deb.debian.org_debian_dists_bookworm_Release')).toBeUndefined();
  });
});
