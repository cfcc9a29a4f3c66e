// Containment through Java archives: a jar in a war's `WEB-INF/lib/`, an ear's modules,
// a Spring Boot `BOOT-INF/lib/` jar, a jar inside a jar, a native library packed in a
// jar. Whatever is found inside an archive is `containedIn` the archive's own component
// (the one its pom.properties or manifest names), so the SBOMs show the nesting: SPDX
// `CONTAINS`, CycloneDX a dependency of the archive's component.
import type { Component } from '../model/index.ts';

/** Catalogers whose evidence path is a Java archive itself (identify/parse/java-archive.ts). */
const ARCHIVE_CATALOGER = /^java\//;

/**
 * Adds, for every evidence path of every component, the component of the nearest Java
 * archive above it. The nearest archive that holds Java components decides: when it has
 * no single own component (several artifacts and no way to tell which is the archive's),
 * nothing is added, never a guess. Evidence that already sits in a component of the same
 * archive (the bundled artifacts of a shaded jar) gets no second parent. Returns new
 * objects only for the components that change.
 */
export function addArchiveContainment(components: readonly Component[]): Component[] {
  const archives = archiveComponents(components);
  if (archives.size === 0) return [...components];
  return components.map((component) => {
    const parents = new Set<string>();
    for (const path of distinctPaths(component)) {
      const here = archives.get(JSON.stringify(path));
      if (here && isNested(component, here.all)) continue;
      const parent = nearestArchive(archives, path);
      if (parent !== undefined && parent !== component.id) parents.add(parent);
    }
    const known = component.containedIn ?? [];
    if ([...parents].every((id) => known.includes(id))) return component;
    return { ...component, containedIn: [...new Set([...known, ...parents])].sort() };
  });
}

interface ArchiveAt {
  /** Every Java component whose evidence is this archive. */
  all: Component[];
  /** The archive's own component: the only one not contained in another of `all`; undefined when not one. */
  own?: string;
}

/** Java components by the archive their evidence points at (key: extended path as JSON). */
function archiveComponents(components: readonly Component[]): Map<string, ArchiveAt> {
  const out = new Map<string, ArchiveAt>();
  for (const c of components) {
    for (const e of c.evidence) {
      if (e.method !== 'package-metadata' || !ARCHIVE_CATALOGER.test(e.foundBy)) continue;
      const key = JSON.stringify(e.path);
      const at = out.get(key) ?? { all: [] };
      if (!at.all.some((x) => x.id === c.id)) at.all.push(c);
      out.set(key, at);
    }
  }
  for (const at of out.values()) {
    const top = at.all.filter((c) => !isNested(c, at.all));
    if (top.length === 1) at.own = top[0]?.id;
  }
  return out;
}

/** The own component of the nearest archive strictly above `path`, or undefined. */
function nearestArchive(archives: ReadonlyMap<string, ArchiveAt>, path: readonly string[]): string | undefined {
  for (let depth = path.length - 1; depth >= 0; depth--) {
    const at = archives.get(JSON.stringify(path.slice(0, depth)));
    if (at) return at.own;
  }
  return undefined;
}

function isNested(component: Component, siblings: readonly Component[]): boolean {
  return siblings.some((s) => s.id !== component.id && (component.containedIn ?? []).includes(s.id));
}

function distinctPaths(component: Component): string[][] {
  const byKey = new Map<string, string[]>();
  for (const e of component.evidence) byKey.set(JSON.stringify(e.path), e.path);
  return [...byKey.values()];
}
