import { describe, expect, it } from 'vitest';
import { wordpressPlugin } from './plugin.ts';
import { memoryFile } from '../../test-helpers.ts';

// Akismet 5.3's akismet.php header, as wordpress.org ships it (description shortened).
const AKISMET = `<?php
/**
 * @package Akismet
 */
/*
Plugin Name: Akismet Anti-spam: Spam Protection
Plugin URI: https://akismet.com/
Description: Used by millions, Akismet is quite possibly the best way in the world to protect your blog from spam.
Version: 5.3
Requires at least: 5.8
Requires PHP: 5.6.20
Author: Automattic - Anti-spam Team
Author URI: https://automattic.com/wordpress-plugins/
License: GPLv2 or later
Text Domain: akismet
*/
`;
// A plugin whose header has no Version: its readme.txt names the release.
const NO_VERSION = `<?php
/**
 * Plugin Name: Classic Editor
 * Author: WordPress Contributors
 * License: GPLv2 or later
 */
`;
const README = `=== Classic Editor ===
Contributors: wordpressdotorg, azaozz
Requires at least: 4.9
Tested up to: 6.4
Stable tag: 1.6.3
License: GPLv2 or later
`;
const at = (inner: string, text: string, siblings: Record<string, string> = {}) => wordpressPlugin.catalog(memoryFile(['site.tar', inner], text, siblings));

describe('wordpress/plugin', () => {
  it('matches PHP files at the top of a plugin directory and single-file plugins', () => {
    const paths = ['var/www/html/wp-content/plugins/akismet/akismet.php', 'wp-content/plugins/hello.php', 'wp-content/plugins/akismet/class.akismet.php', 'wp-content/plugins/akismet/views/config.php', 'wp-content/themes/x/functions.php'];
    expect(paths.map((p) => wordpressPlugin.matches([p], p, undefined))).toEqual([true, true, true, false, false]);
  });

  it('the header names the plugin, its version, author and licence', async () => {
    const { components, problems } = await at('wp-content/plugins/akismet/akismet.php', AKISMET);
    expect(problems).toEqual([]);
    expect(components.map((c) => [c.name, c.version, c.codetype, c.vendor, c.purl, c.licenses, c.evidence[0]?.text])).toEqual([
      ['akismet', '5.3', 'CP', 'Automattic - Anti-spam Team', 'pkg:generic/wordpress-plugin/akismet@5.3', ['GPLv2 or later'], 'Plugin Name: Akismet Anti-spam: Spam Protection\nVersion: 5.3'],
    ]);
  });

  it("without a header Version, the readme's Stable tag; trunk is no version", async () => {
    const dir = 'wp-content/plugins/classic-editor/';
    const found = await at(`${dir}classic-editor.php`, NO_VERSION, { [`${dir}readme.txt`]: README });
    expect(found.components.map((c) => [c.name, c.version, c.purl, c.evidence[0]?.text])).toEqual([
      ['classic-editor', '1.6.3', 'pkg:generic/wordpress-plugin/classic-editor@1.6.3', 'Plugin Name: Classic Editor\nreadme.txt Stable tag: 1.6.3'],
    ]);
    const trunk = await at(`${dir}classic-editor.php`, NO_VERSION, { [`${dir}readme.txt`]: README.replace('1.6.3', 'trunk') });
    expect(trunk.components.map((c) => [c.version, c.purl])).toEqual([['', 'pkg:generic/wordpress-plugin/classic-editor']]);
  });

  it('a single-file plugin is named by its file; PHP files without a plugin header give nothing', async () => {
    const hello = await at('wp-content/plugins/hello.php', '<?php\n/*\nPlugin Name: Hello Dolly\nVersion: 1.7.2\n*/\n');
    expect(hello.components.map((c) => [c.name, c.version])).toEqual([['hello', '1.7.2']]);
    expect(await at('wp-content/plugins/akismet/class.akismet.php', '<?php\nclass Akismet {}\n')).toEqual({ components: [], problems: [] });
  });
});
