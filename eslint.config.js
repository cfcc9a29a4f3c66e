// Flat config for the whole workspace: typescript-eslint strict rules everywhere,
// React hooks rules in the web package, and the layers of docs/architecture.md ("Layers")
// as no-restricted-imports patterns.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/*.gen.ts',
      'e2e/artifacts/**',
      'packages/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...layerRules(),
);

/**
 * One config object per group of files, each listing every pattern that holds for it: a
 * later object that sets no-restricted-imports replaces an earlier one's options for the
 * files both match, so the package-wide pattern is repeated in each layer's list.
 * Layer patterns leave tests out (a test may drive the whole pipeline or app); the
 * package patterns hold for tests too. A relative import is matched as written:
 * `^(\.\./)+scan/` is any climb that lands on a folder named scan/, and no folder
 * inside a package repeats the name of one of its top-level folders.
 */
function layerRules() {
  const TESTS = ['**/*.test.ts', '**/*.test.tsx'];
  const up = (names) => `^(\\.\\./)+(${names.join('|')})(/|$)`;
  const restrict = (files, patterns, { tests = false } = {}) => ({
    files,
    ...(tests ? {} : { ignores: TESTS }),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  });
  const why = 'see docs/architecture.md, Layers';
  // Folders are listed from the config's own directory, whatever directory eslint runs in.
  const fromRoot = (dir) => new URL(`./${dir}/`, import.meta.url);

  // Packages (docs/architecture.md, Packages): what each may import of ours.
  const engineOwn = { regex: '^@binlens/', message: `The engine imports nothing of ours (${why}).` };
  const vulndbOwn = { regex: '^@binlens/(?!engine/(model|build-cache|tar-header)$)', message: `vulndb imports only @binlens/engine/model, /build-cache and /tar-header (${why}).` };
  const cliOwn = { regex: '^@binlens/(server|web)(/|$)', message: `The CLI imports engine and vulndb only (${why}).` };
  const serverOwn = { regex: '^@binlens/(cli|web)(/|$)', message: `The server imports engine and vulndb only (${why}).` };
  const webOwn = { regex: '^@binlens/', message: `The web app imports nothing of ours but the generated API types (${why}).` };

  // Engine: model <- util <- analysis folders <- scan/ and report/, sbom/, portable/ <- pipeline.ts, unpack-file.ts, index.ts.
  const ENGINE = 'packages/engine/src';
  const engineTop = readdirSync(fromRoot(ENGINE), { withFileTypes: true })
    .filter((e) => e.isDirectory() || (e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')))
    .map((e) => e.name.replace(/\.ts$/, '\\.ts'));
  const entryFiles = ['pipeline\\.ts', 'unpack-file\\.ts', 'index\\.ts'];
  const analysis = ['unpack', 'carve', 'executables', 'identify', 'signatures', 'mobile', 'infoleak', 'licenses'];
  const onlyItself = (folder) => ({
    regex: up(engineTop.filter((name) => name !== folder)),
    message: `${folder}/ imports nothing of the engine's other folders (${why}).`,
  });
  const engineLayer = (folders, above, what) =>
    restrict(
      folders.map((f) => `${ENGINE}/${f}/**/*.ts`),
      [engineOwn, { regex: up(above), message: `${what} may not import ${above.join(', ').replaceAll('\\', '')} (${why}).` }],
    );

  // Server: db and lib at the bottom, plugins over them, modules over plugins, jobs over modules.
  const SERVER = 'packages/server/src';
  const serverLayer = (folder, above) =>
    restrict(
      [`${SERVER}/${folder}/**/*.ts`],
      [serverOwn, { regex: up(above), message: `${folder}/ may not import ${above.join('/, ')}/ (${why}).` }],
    );

  // Web: lib and components below features; a feature folder imports no other.
  const WEB = 'packages/web/src';
  const features = readdirSync(fromRoot(`${WEB}/features`), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  const noFeatures = { regex: up(['features']), message: `lib/ and components/ never import features/ (${why}).` };

  return [
    restrict([`${ENGINE}/**/*.ts`], [engineOwn], { tests: true }),
    restrict([`${ENGINE}/model/**/*.ts`], [engineOwn, onlyItself('model')]),
    restrict([`${ENGINE}/util/**/*.ts`], [engineOwn, onlyItself('util')]),
    engineLayer(analysis, ['scan', 'report', 'sbom', ...entryFiles], 'unpack/, carve/, identify/ and the other analysis folders'),
    engineLayer(['report', 'sbom'], ['scan', 'portable', ...entryFiles], 'report/ and sbom/'),
    engineLayer(['portable'], ['scan', 'report', 'sbom', ...entryFiles], 'portable/'),
    engineLayer(['scan'], ['report', 'sbom', 'portable', ...entryFiles], 'scan/'),

    restrict(['packages/vulndb/**/*.ts'], [vulndbOwn], { tests: true }),
    restrict(['packages/cli/**/*.ts'], [cliOwn], { tests: true }),

    restrict([`${SERVER}/**/*.ts`], [serverOwn], { tests: true }),
    serverLayer('db', ['modules', 'plugins', 'jobs']),
    serverLayer('lib', ['modules', 'plugins', 'jobs']),
    serverLayer('plugins', ['modules']),
    serverLayer('modules', ['jobs']),

    restrict([`${WEB}/**/*.{ts,tsx}`], [webOwn], { tests: true }),
    restrict([`${WEB}/lib/**/*.{ts,tsx}`, `${WEB}/components/**/*.{ts,tsx}`], [webOwn, noFeatures]),
    ...features.map((feature) =>
      restrict(
        [`${WEB}/features/${feature}/**/*.{ts,tsx}`],
        [
          webOwn,
          {
            regex: `^(\\.\\./)+(features/)?(${features.filter((other) => other !== feature).join('|')})/`,
            message: `features/${feature}/ may not import another feature folder; move the shared piece to lib/ or components/ (${why}).`,
          },
        ],
      ),
    ),
  ];
}
