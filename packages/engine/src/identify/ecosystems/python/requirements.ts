// pip requirements files: only exact pins (`name==1.2.3`, `name===1.2.3`) say which
// release is installed; ranges, unpinned names, URLs and wildcard pins (`==1.*`) are
// not reported, since any version we gave them would be invented. Options (`-r`,
// `--hash=`), comments, environment markers and line continuations are skipped.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'python/requirements';
// Samples: `requirements.txt`, `requirements-dev.txt`, `requirements/prod.txt`.
const FILE = /(^|\/)(requirements[^/]*\.txt|requirements\/[^/]+\.txt)$/;
// Samples: `requests==2.31.0`, `uvicorn[standard]==0.27.0 ; python_version >= "3.8"`, `Django===4.2.9`.
const PIN = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(?:\[[^\]]*\])?\s*===?\s*([0-9][0-9A-Za-z.!+_-]*)\s*(?:;.*)?$/;

export const pythonRequirements: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => FILE.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8').replace(/\\\r?\n/g, ' ');
  text.split('\n').forEach((raw, i) => {
    // `--hash=sha256:…` options follow the requirement on the same logical line.
    const line = raw.replace(/(^|\s)#.*$/, '').replace(/\s--?[a-z-]+(=\S+)?/g, '').trim();
    if (line === '' || line.startsWith('-')) return;
    const pin = PIN.exec(line);
    if (!pin) return;
    const name = pin[1] ?? '';
    const version = pin[2] ?? '';
    result.components.push(
      makeComponent({
        name,
        version,
        codetype: 'PY',
        vendor: '',
        // purl spec: pypi names are lower-cased with `_` replaced by `-`.
        purl: formatPurl({ type: 'pypi', name: name.toLowerCase().replace(/[-_.]+/g, '-'), version }),
        evidence: [metadataEvidence(NAME, file.path, `line ${i + 1}: ${raw.trim()}`)],
      }),
    );
  });
  return result;
}
