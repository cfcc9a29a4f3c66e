// Names that bring a scan's component and a vulnerability's knowledge-base rows together
// cheaply, before evaluation decides: both sides are reduced to the same normalised name,
// so the index finds a superset of the components the vulnerability affects.
import type { Component } from '@binlens/engine/model';
import { parseCpe, parsePurl } from '@binlens/vulndb';

/**
 * A name's last segment (after `/` or `:`), lower-cased, runs of `-`, `_`, `.` as one `-`:
 * `@babel/core` → `core`, `org.yaml:snakeyaml` → `snakeyaml`, `Jinja2` → `jinja2`, `zope.interface` → `zope-interface`.
 */
export function nameKey(name: string): string {
  const last = name.split(/[/:]/).at(-1) ?? name;
  return last.toLowerCase().replace(/[-_.]+/g, '-');
}

/** Keys of a component: its name, its purl's name and upstream source package, its CPE products. */
export function componentMatchKeys(component: Pick<Component, 'name' | 'purl' | 'cpes'>): string[] {
  const names = [component.name];
  const purl = parsePurl(component.purl);
  if (purl) {
    names.push(purl.name);
    // Sample qualifier: upstream=openssl@3.0.11-1~deb12u2 (a deb package's source).
    const upstream = purl.qualifiers.upstream?.split('@')[0];
    if (upstream) names.push(upstream);
  }
  for (const text of component.cpes) {
    const cpe = parseCpe(text);
    if (cpe) names.push(cpe.product);
  }
  return [...new Set(names.map(nameKey).filter((key) => key !== ''))].sort();
}
