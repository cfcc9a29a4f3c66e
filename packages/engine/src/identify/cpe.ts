// CPE 2.3 formatted strings (NISTIR 7695 §6.2): `cpe:2.3:a:vendor:product:version:*:*:*:*:*:*:*`.
// Vendor and product are lower-case; characters other than letters, digits, `_`, `-`
// and `.` are escaped with a backslash (sample: `1.0.2k-fips` stays, `2.4+dfsg` → `2.4\+dfsg`).

/** `part` is `a` (application) unless NVD names the product as an operating system (`o`). */
export function formatCpe(vendor: string, product: string, version: string, part: 'a' | 'o' = 'a'): string {
  return `cpe:2.3:${part}:${escape(vendor.toLowerCase())}:${escape(product.toLowerCase())}:${version === '' ? '*' : escape(version)}:*:*:*:*:*:*:*`;
}

function escape(value: string): string {
  return value.replace(/[^A-Za-z0-9_.-]/g, (c) => `\\${c}`);
}
