// A container image whose later layer deletes a package: the package's bytes still ship in
// the image, so it is still a component, marked `binlens:whiteout` in CycloneDX; a package
// with one live copy and one deleted copy is live. Scanned from a `docker save` archive
// built here (two layer tars, a whiteout and an opaque directory).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identification } from '../../model/index.ts';
import { scan } from '../../pipeline.ts';
import { buildDockerSave } from '../../../test/builders/docker-save.ts';
import { writeCycloneDx } from './cyclonedx.ts';
import { writeCycloneDxXml } from './cyclonedx-xml.ts';

const manifest = (name: string, version: string) => JSON.stringify({ name, version, license: 'MIT' });

let dir: string;
let identification: Identification;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'binlens-whiteout-'));
  const { archive } = buildDockerSave([
    [
      { name: 'app/node_modules/kept/package.json', data: manifest('kept', '1.0.0') },
      { name: 'app/node_modules/gone/package.json', data: manifest('gone', '2.0.0') },
      { name: 'opt/old/node_modules/hidden/package.json', data: manifest('hidden', '3.0.0') },
      { name: 'opt/old/node_modules/twice/package.json', data: manifest('twice', '4.0.0') },
      { name: 'app/node_modules/twice/package.json', data: manifest('twice', '4.0.0') },
    ],
    [
      { name: 'app/node_modules/.wh.gone' },
      { name: 'opt/old/.wh..wh..opq' },
    ],
  ]);
  const image = join(dir, 'image.tar');
  await writeFile(image, archive);
  identification = await scan(image, { tempDir: dir });
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

interface CdxComponent {
  name: string;
  properties?: { name: string; value: string }[];
}

describe('CycloneDX of a container image with deleted files', () => {
  it('marks binlens:whiteout = true on components found only in deleted files, and on no other', async () => {
    const json = writeCycloneDx(identification);
    expect(await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(json)).toBeNull();
    const components = (JSON.parse(json) as { components: CdxComponent[] }).components;
    const marked = components.map((c) => [c.name, c.properties?.find((p) => p.name === 'binlens:whiteout')?.value ?? null]);
    expect(marked.sort()).toEqual([
      ['gone', 'true'],
      ['hidden', 'true'],
      ['kept', null],
      ['twice', null],
    ]);
  });

  it('the XML document carries the same property', () => {
    const xml = writeCycloneDxXml(identification);
    expect(xml.match(/<property name="binlens:whiteout">true<\/property>/g)?.length).toBe(2);
  });
});
