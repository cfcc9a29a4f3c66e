// Installed gems: the `specifications/<name>-<version>[-<platform>].gemspec` Ruby file
// RubyGems writes into GEM_HOME (Gem::Specification#to_ruby). Only literal string
// assignments are read (`s.name = "rack".freeze`); the file is never evaluated. Source
// gemspecs in repositories (`spec.version = Rack::VERSION`) are not matched.
import type { CatalogFile, Cataloger, CatalogResult } from '../../types.ts';
import { makeComponent } from '../../component.ts';
import { emptyResult, malformed, metadataEvidence } from '../../evidence.ts';
import { formatPurl } from '../../purl.ts';

const NAME = 'ruby/gemspec';
// Samples: `usr/share/gems/specifications/rack-3.0.9.gemspec`,
// `vendor/bundle/ruby/3.1.0/specifications/nokogiri-1.16.2-x86_64-linux.gemspec`, and Ruby's own
// default gems `usr/lib/ruby/gems/3.1.0/specifications/default/openssl-3.0.1.gemspec`.
const SPEC_PATH = /(^|\/)specifications\/(default\/)?[^/]+\.gemspec$/;
// Sample: `Gem::Specification.new do |s|`.
const BLOCK = /Gem::Specification\.new\s+do\s*\|\s*(\w+)\s*\|/;
// A Ruby string literal, optionally frozen: `"rack".freeze`, `'1.0'`.
const STRING = String.raw`("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(?:\.freeze)?`;

export const gemspec: Cataloger = {
  name: NAME,
  version: 2,
  matches: (_path, innerPath) => SPEC_PATH.test(innerPath),
  catalog,
};

async function catalog(file: CatalogFile): Promise<CatalogResult> {
  const result = emptyResult();
  const text = (await file.read()).toString('utf8');
  const variable = BLOCK.exec(text)?.[1];
  if (variable === undefined) {
    malformed(result, file.path, 'no `Gem::Specification.new do |s|` block');
    return result;
  }
  const name = stringField(text, variable, 'name');
  const version = stringField(text, variable, 'version');
  if (!name || !version) {
    malformed(result, file.path, `gemspec without a literal ${name ? 'version' : 'name'}`);
    return result;
  }
  // RubyGems closes the block with `end` on the last line; without it the file was cut.
  if (!/^end\s*$/m.test(text.slice(text.search(BLOCK)))) malformed(result, file.path, 'truncated: the specification block has no closing `end`');
  const platform = stringField(text, variable, 'platform');
  result.components.push(
    makeComponent({
      name,
      version,
      codetype: 'RB',
      vendor: '',
      purl: formatPurl({ type: 'gem', name, version, qualifiers: { platform: platform === 'ruby' ? undefined : platform } }),
      licenses: licenses(text, variable),
      evidence: [metadataEvidence(NAME, file.path, `${name} ${version}${platform ? ` ${platform}` : ''}`)],
    }),
  );
  return result;
}

/** `s.<field> = "value"` (the first such line), unquoted. */
function stringField(text: string, variable: string, field: string): string | undefined {
  const match = new RegExp(String.raw`^\s*${variable}\.${field}\s*=\s*${STRING}`, 'm').exec(text);
  return match?.[1] === undefined ? undefined : unquote(match[1]);
}

/** `s.licenses = ["MIT".freeze, "Ruby".freeze]` or `s.license = "MIT"`. */
function licenses(text: string, variable: string): string[] {
  const list = new RegExp(String.raw`^\s*${variable}\.licenses\s*=\s*\[([^\]\n]*)\]`, 'm').exec(text)?.[1];
  if (list !== undefined) return [...list.matchAll(new RegExp(STRING, 'g'))].map((m) => unquote(m[1] ?? ''));
  const one = stringField(text, variable, 'license');
  return one ? [one] : [];
}

function unquote(literal: string): string {
  return literal.slice(1, -1).replace(/\\(.)/g, '$1');
}
