// The Debian 12 packages the accuracy benchmark installs on top of a minbase root file
// system: libraries and programs whose components Binlens has signatures for, a few without
// any version string, and the programs and libraries issue 20 names as missed (lvm2 and
// device-mapper, jansson, keyutils, lz4, xz, zstd, nftables, nghttp2, tcpdump), found or not.
export const PACKAGES: readonly string[] = [
  'zlib1g', 'libbz2-1.0', 'liblzma5', 'libzstd1', 'liblz4-1', 'libsqlite3-0', 'libjson-c5', 'libyaml-0-2',
  'libpcre2-8-0', 'libidn2-0', 'libc-ares2', 'libsasl2-2', 'libmariadb3', 'libtcl8.6', 'python3.11-minimal',
  'rsync', 'socat', 'mosquitto', 'wget', 'gzip', 'libopenjp2-7', 'libnspr4', 'libnss3', 'e2fsprogs', 'iproute2',
  'exim4-daemon-light', 'libicu72', 'redis-tools', 'chrony', 'ntpsec', 'liblua5.4-0', 'libssh-4', 'libcap2',
  'gpg', 'perl-base', 'php8.2-cli', 'postfix', 'libqt5core5a', 'libruby3.1', 'libtinfo6', 'sudo', 'squid',
  'unbound', 'util-linux', 'tar', 'ethtool', 'bind9-libs', 'busybox', 'curl', 'libcurl4', 'dnsmasq-base',
  'lighttpd', 'openssh-server', 'dropbear-bin', 'libssl3', 'libpng16-16', 'libexpat1', 'libgnutls30',
  'libffi8', 'libseccomp2', 'libnettle8', 'libreadline8',
  'lvm2', 'dmsetup', 'libdevmapper1.02.1', 'libjansson4', 'keyutils', 'libkeyutils1', 'lz4', 'xz-utils', 'zstd',
  'nftables', 'libnftables1', 'libnghttp2-14', 'tcpdump',
];
