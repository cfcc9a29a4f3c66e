// WordPress plugins: `wp-content/plugins/<slug>/<file>.php` (or a single-file plugin
// `wp-content/plugins/<slug>.php`) whose header comment names the plugin. As WordPress's
// own get_file_data(), only the first 8 KiB are read and header lines are `Name: value`
// after comment decoration. The version is the header's `Version:`, else the `Stable tag:`
// of the plugin's readme.txt (never `trunk`). The slug is the plugin's wordpress.org name.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'wordpress/plugin';
// Samples: `var/www/html/wp-content/plugins/akismet/akismet.php`, `wp-content/plugins/hello.php`.
const PLUGIN_FILE = /(^|\/)wp-content\/plugins\/(?:([^/]+)\/)?([^/]+)\.php$/;
const HEADER_BYTES = 8192;

export const wordpressPlugin: Cataloger = {
  name: NAME,
  version: 1,
  matches: (_path, innerPath) => innerPath.endsWith('.php') && PLUGIN_FILE.test(innerPath),
  // Only the header is read, whatever the file's size.
  reads: 'ranges',
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const match = PLUGIN_FILE.exec(file.innerPath);
  const header = (await file.readRange(0, HEADER_BYTES)).toString('utf8');
  const pluginName = headerField(header, 'Plugin Name');
  if (!match || pluginName === '') return result;
  const slug = match[2] ?? match[3] ?? '';
  let version = headerField(header, 'Version');
  let source = `Version: ${version}`;
  if (version === '' && match[2] !== undefined) {
    const readme = await file.readSibling(file.innerPath.slice(0, file.innerPath.lastIndexOf('/') + 1) + 'readme.txt');
    const stable = headerField(readme?.subarray(0, HEADER_BYTES).toString('utf8') ?? '', 'Stable tag');
    if (stable !== '' && stable !== 'trunk') {
      version = stable;
      source = `readme.txt Stable tag: ${stable}`;
    }
  }
  const license = headerField(header, 'License');
  result.components.push(
    makeComponent({
      name: slug,
      version,
      codetype: 'CP',
      vendor: headerField(header, 'Author'),
      purl: formatPurl({ type: 'generic', namespace: 'wordpress-plugin', name: slug, version: version || undefined }),
      licenses: license === '' ? [] : [license],
      evidence: [metadataEvidence(NAME, file.path, `Plugin Name: ${pluginName}\n${source}`)],
    }),
  );
  return result;
}

/** A header as get_file_data() reads it; sample line ` * Version: 5.3`. */
function headerField(text: string, field: string): string {
  const pattern = new RegExp(`^(?:[ \\t]*<\\?php)?[ \\t/*#@]*${field}:(.*)$`, 'im');
  // `*/` may close the comment on the same line; WordPress cuts it off too.
  return (pattern.exec(text)?.[1] ?? '').replace(/\s*(?:\*\/|\?>).*$/, '').trim();
}
